/// Small route answers written by hand after each router's documented format, along Lombard
/// Street in San Francisco. The route runs A → B → C, the alternative A → D → C:
///
/// A (37.802, -122.419), B (37.8016, -122.422), C (37.8012, -122.425), D (37.803, -122.423);
/// the Valhalla trip has a second leg C → E (37.8005, -122.4255).
///
/// The polylines were encoded with Google's algorithm (precision 5 and 6; GraphHopper's 3D one
/// with elevations 10.5, 12.25 and 8 m at A, B and C).
enum RouterSamples {
    static let routeA = (37.802, -122.419)
    static let routeB = (37.8016, -122.422)
    static let routeC = (37.8012, -122.425)
    static let routeD = (37.803, -122.423)
    static let routeE = (37.8005, -122.4255)

    static let main5 = "oeveFv}djVnAvQnAvQ"
    static let alternative5 = "oeveFv}djVgE~WfJnK"
    static let main6 = "_`gbgAnrznhF~WnzD~WnzD"
    static let alternative6 = "_`gbgAnrznhFo}@~xFnoB~{B"
    static let secondLeg6 = "_nebgAnifohFvj@f^"
    static let main3D6 = "_`gbgAnrznhFs`A~WnzD}I~WnzDpY"
    static let mainGeoJSON =
        #"{"type": "LineString", "coordinates": [[-122.419, 37.802], [-122.422, 37.8016], [-122.425, 37.8012]]}"#

    // MARK: - OSRM (http://project-osrm.org/docs/v5.24.0/api/#route-service)

    /// `route/v1/driving/-122.419,37.802;-122.425,37.8012?alternatives=true&steps=true` with
    /// `geometries=` polyline (the default), polyline6 or geojson: `main` and `alternative` are the
    /// two routes' geometries as JSON values.
    static func osrm(main: String = "\"\(main5)\"", alternative: String = "\"\(alternative5)\"") -> String {
        """
        {
          "code": "Ok",
          "routes": [
            {
              "geometry": \(main),
              "legs": [
                {
                  "steps": [
                    {
                      "maneuver": {"bearing_after": 261, "bearing_before": 0, "location": [-122.419, 37.802],
                                   "type": "depart"},
                      "mode": "driving", "name": "Lombard Street", "distance": 530.6, "duration": 61.2,
                      "weight": 61.2, "intersections": []
                    },
                    {
                      "maneuver": {"bearing_after": 0, "bearing_before": 261, "location": [-122.425, 37.8012],
                                   "type": "arrive"},
                      "mode": "driving", "name": "Lombard Street", "distance": 0, "duration": 0, "weight": 0
                    }
                  ],
                  "summary": "Lombard Street", "weight": 61.2, "duration": 61.2, "distance": 530.6
                }
              ],
              "weight_name": "routability", "weight": 61.2, "duration": 61.2, "distance": 530.6
            },
            {
              "geometry": \(alternative),
              "legs": [
                {
                  "steps": [
                    {
                      "maneuver": {"bearing_after": 288, "location": [-122.419, 37.802], "type": "depart"},
                      "mode": "driving", "name": "Lombard Street", "distance": 380.2, "duration": 40.5
                    },
                    {
                      "maneuver": {"bearing_after": 212, "location": [-122.423, 37.803], "modifier": "left",
                                   "type": "turn"},
                      "mode": "driving", "name": "Hyde Street", "distance": 322.2, "duration": 48
                    },
                    {
                      "maneuver": {"location": [-122.425, 37.8012], "type": "arrive"},
                      "mode": "driving", "name": "", "distance": 0, "duration": 0
                    }
                  ],
                  "summary": "Lombard Street, Hyde Street", "duration": 88.5, "distance": 702.4
                }
              ],
              "weight_name": "routability", "weight": 88.5, "duration": 88.5, "distance": 702.4
            }
          ],
          "waypoints": [
            {"hint": "oSkKgP___38", "distance": 1.2, "name": "Lombard Street", "location": [-122.419, 37.802]},
            {"hint": "pCkKgP___38", "distance": 0.8, "name": "Lombard Street", "location": [-122.425, 37.8012]}
          ]
        }
        """
    }

    static let osrmError = #"{"code": "NoRoute", "message": "Impossible route between points"}"#

    // MARK: - Mapbox Directions (https://docs.mapbox.com/api/navigation/directions/)

    /// `directions/v5/mapbox/walking/…?alternatives=false&steps=true&geometries=polyline6`.
    static let mapbox = """
        {
          "routes": [
            {
              "weight_name": "pedestrian", "weight": 402.1, "duration": 380.5, "distance": 530.6,
              "legs": [
                {
                  "via_waypoints": [], "admins": [{"iso_3166_1_alpha3": "USA", "iso_3166_1": "US"}],
                  "weight": 402.1, "duration": 380.5, "distance": 530.6, "summary": "Lombard Street",
                  "steps": [
                    {
                      "maneuver": {"type": "depart", "instruction": "Walk west on Lombard Street.",
                                   "bearing_after": 261, "bearing_before": 0, "location": [-122.419, 37.802]},
                      "name": "Lombard Street", "mode": "walking", "driving_side": "right",
                      "duration": 380.5, "distance": 530.6, "weight": 402.1
                    },
                    {
                      "maneuver": {"type": "arrive", "instruction": "You have arrived at your destination.",
                                   "bearing_after": 0, "bearing_before": 261, "location": [-122.425, 37.8012]},
                      "name": "Lombard Street", "mode": "walking", "duration": 0, "distance": 0, "weight": 0
                    }
                  ]
                }
              ],
              "geometry": "\(main6)"
            }
          ],
          "waypoints": [
            {"distance": 1.2, "name": "Lombard Street", "location": [-122.419, 37.802]},
            {"distance": 0.8, "name": "Lombard Street", "location": [-122.425, 37.8012]}
          ],
          "code": "Ok",
          "uuid": "cktt6dnoh0yqk18qq9zbgnwu8"
        }
        """

    // MARK: - Valhalla (https://valhalla.github.io/valhalla/api/turn-by-turn/api-reference/)

    /// A `route` answer with `"units": "miles"` and `"alternates": 1`: two legs (through a `break`
    /// location at C) and one alternate.
    static let valhallaMiles = """
        {
          "trip": {
            "locations": [
              {"type": "break", "lat": 37.802, "lon": -122.419},
              {"type": "break", "lat": 37.8012, "lon": -122.425},
              {"type": "break", "lat": 37.8005, "lon": -122.4255}
            ],
            "legs": [
              {
                "maneuvers": [
                  {"type": 2, "instruction": "Drive west on Lombard Street.", "street_names": ["Lombard Street"],
                   "time": 61.2, "length": 0.375, "cost": 70.1, "begin_shape_index": 0, "end_shape_index": 2,
                   "travel_mode": "drive", "travel_type": "car"},
                  {"type": 4, "instruction": "You have arrived at your destination.", "time": 0, "length": 0,
                   "begin_shape_index": 2, "end_shape_index": 2, "travel_mode": "drive", "travel_type": "car"}
                ],
                "summary": {"time": 61.2, "length": 0.375},
                "shape": "\(main6)"
              },
              {
                "maneuvers": [
                  {"type": 1, "instruction": "Drive south on Hyde Street.", "time": 33.8, "length": 0.125,
                   "begin_shape_index": 0, "end_shape_index": 1, "travel_mode": "drive"},
                  {"type": 4, "instruction": "Your destination is on the right.", "time": 0, "length": 0,
                   "begin_shape_index": 1, "end_shape_index": 1, "travel_mode": "drive"}
                ],
                "summary": {"time": 33.8, "length": 0.125},
                "shape": "\(secondLeg6)"
              }
            ],
            "summary": {"has_toll": false, "min_lat": 37.8005, "min_lon": -122.4255, "max_lat": 37.802,
                        "max_lon": -122.419, "time": 95, "length": 0.5, "cost": 110.2},
            "status_message": "Found route between points", "status": 0, "units": "miles", "language": "en-US"
          },
          "alternates": [
            {
              "trip": {
                "legs": [
                  {
                    "maneuvers": [
                      {"type": 2, "instruction": "Drive northwest on Lombard Street.", "time": 40.5,
                       "length": 0.25, "begin_shape_index": 0, "end_shape_index": 1, "travel_mode": "drive"},
                      {"type": 15, "instruction": "Turn left onto Hyde Street.", "time": 48, "length": 0.25,
                       "begin_shape_index": 1, "end_shape_index": 2, "travel_mode": "drive"},
                      {"type": 4, "instruction": "You have arrived at your destination.", "time": 0,
                       "length": 0, "begin_shape_index": 2, "end_shape_index": 2, "travel_mode": "drive"}
                    ],
                    "summary": {"time": 88.5, "length": 0.5},
                    "shape": "\(alternative6)"
                  }
                ],
                "summary": {"time": 88.5, "length": 0.5},
                "status_message": "Found route between points", "status": 0, "units": "miles"
              }
            }
          ],
          "id": "lombard"
        }
        """

    static let valhallaError = """
        {"error_code": 171, "error": "No suitable edges near location", "status_code": 400, "status": "Bad Request"}
        """

    // MARK: - GraphHopper (https://docs.graphhopper.com/#operation/postRoute)

    /// `/route?profile=car&algorithm=alternative_route` with encoded points (the default, 1e5).
    static let graphHopper = """
        {
          "hints": {"visited_nodes.sum": 58, "visited_nodes.average": 58},
          "info": {"copyrights": ["GraphHopper", "OpenStreetMap contributors"], "took": 2},
          "paths": [
            {
              "distance": 530.6, "weight": 65.2, "time": 61200, "transfers": 0, "points_encoded": true,
              "bbox": [-122.425, 37.8012, -122.419, 37.802],
              "points": "\(main5)",
              "instructions": [
                {"distance": 530.6, "heading": 261.2, "sign": 0, "interval": [0, 2],
                 "text": "Continue onto Lombard Street", "time": 61200, "street_name": "Lombard Street"},
                {"distance": 0, "sign": 4, "last_heading": 261.2, "interval": [2, 2], "text": "Arrive at destination",
                 "time": 0, "street_name": ""}
              ],
              "legs": [], "details": {}, "ascend": 0, "descend": 0,
              "snapped_waypoints": "oeveFv}djVbDvbA"
            },
            {
              "distance": 702.4, "weight": 90.1, "time": 88512, "transfers": 0, "points_encoded": true,
              "points": "\(alternative5)",
              "instructions": [
                {"distance": 380.2, "sign": 0, "interval": [0, 1], "text": "Continue onto Lombard Street",
                 "time": 40512, "street_name": "Lombard Street"},
                {"distance": 322.2, "sign": -2, "interval": [1, 2], "text": "Turn left onto Hyde Street",
                 "time": 48000, "street_name": "Hyde Street"},
                {"distance": 0, "sign": 4, "interval": [2, 2], "text": "Arrive at destination", "time": 0}
              ],
              "ascend": 0, "descend": 0
            }
          ]
        }
        """

    /// `elevation=true`, `points_encoded=false`: GeoJSON positions with heights.
    static let graphHopperGeoJSONElevation = """
        {
          "paths": [
            {
              "distance": 530.6, "time": 61200, "points_encoded": false, "ascend": 1.75, "descend": 4.25,
              "points": {"type": "LineString", "coordinates": [[-122.419, 37.802, 10.5], [-122.422, 37.8016, 12.25],
                                                               [-122.425, 37.8012, 8]]},
              "instructions": [
                {"distance": 530.6, "sign": 0, "interval": [0, 2], "text": "Continue onto Lombard Street",
                 "time": 61200}
              ]
            }
          ]
        }
        """

    /// `elevation=true` with encoded points at `points_encoded_multiplier` 1e6 (GraphHopper 9+).
    static let graphHopperEncodedElevation = """
        {
          "paths": [
            {
              "distance": 530.6, "time": 61200, "points_encoded": true, "points_encoded_multiplier": 1000000,
              "ascend": 1.75, "descend": 4.25, "points": "\(main3D6)", "instructions": []
            }
          ]
        }
        """

    static let graphHopperError = """
        {
          "message": "Cannot find point 0: 52.5,13.4",
          "hints": [{"message": "Cannot find point 0: 52.5,13.4",
                     "details": "com.graphhopper.util.exceptions.PointNotFoundException", "point_index": 0}]
        }
        """
}
