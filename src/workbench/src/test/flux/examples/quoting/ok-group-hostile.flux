from(bucket: "telemetry")
    |> range(start: -1h)
    |> group(columns: ["my key", "say \"hi\"", "back\\slash", "température", "\${x}"])
