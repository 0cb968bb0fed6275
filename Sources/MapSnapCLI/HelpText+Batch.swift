extension HelpText {
    public static let batch = """
        USAGE: mapsnap batch [options] MANIFEST|-

        Renders one image per line of MANIFEST (NDJSON; - reads standard input). Each line is
        an object whose keys are the long options of `mapsnap render` without their dashes,
        plus "inputs" (overlay files) and "geojson" (inline GeoJSON), e.g.
          {"out": "t/42.png", "inputs": ["trails/42.gpx"], "size": "300x200", "scale": 2}
          {"out": "t/43.png", "geojson": {"type": "LineString", "coordinates": [[7.42, 43.73], [7.43, 43.74]]}}
        A line does exactly what `mapsnap render` does with those options; a repeatable option
        (pin, callout, source, dem, route-file) takes a list, a flag true or false. Relative
        input paths resolve against the manifest's folder (the working directory for -),
        relative "out" and "annotations" against --out-dir (else the manifest's folder).
        A bad line is reported with its number and the batch goes on.

        OPTIONS:
          -j, --workers N         Render on N threads (default: the number of cores).
          --out-dir DIR           Where relative "out" and "annotations" paths go.
          --resume                Skip lines whose outputs exist (files are written
                                  atomically: one that exists is whole).
          --shard K/N             Only the lines whose 0-based index i has i mod N = K.
          --shard auto[/N]        K from JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or
                                  SLURM_ARRAY_TASK_ID; N from /N, MAPSNAP_SHARDS or
                                  SLURM_ARRAY_TASK_COUNT.
          --summary FILE          Write a JSON summary: counts, failures with line numbers,
                                  per-image time percentiles, peak memory.
          -q, --quiet             No progress and no summary line on standard error.
          -h, --help              Show this help.

        Progress goes to standard error: a bar on a terminal, a line every 5 s otherwise.

        EXIT STATUS: 0 every line made its image (or was skipped by --resume); 65 some line
        failed; 64 usage error; 66 the manifest is missing.
        """
}
