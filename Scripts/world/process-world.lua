-- tilemaker profile of the bundled world base map (Scripts/build-world-basemap): writes the
-- OpenMapTiles-schema fields the bundled styles read (https://openmaptiles.org/schema/).
-- Places come as OSM nodes (place=country|city, name, rank); sea, lakes and borders as shapefiles.

node_keys = { "place" }

function init_function() end
function exit_function() end

function node_function(node)
	local place = node:Find("place")
	if place == "" then return end
	local name = node:Find("name")
	node:Layer("place", false)
	node:Attribute("class", place)
	node:Attribute("name", name)
	node:Attribute("name:latin", name)
	if place == "country" then
		local rank = tonumber(node:Find("rank")) or 6
		node:AttributeNumeric("rank", rank)
		node:MinZoom(rank)
	else
		node:AttributeNumeric("rank", 5)
		node:MinZoom(4)
	end
end

function way_function(way) end

-- Shapefile features: the layer name tells what they are.
function attribute_function(attr, layer)
	if layer == "boundary" then
		return { admin_level = 2 }
	elseif layer == "lake" then
		return { class = "lake" }
	else
		return { class = "ocean" }
	end
end
