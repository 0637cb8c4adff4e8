from(bucket: "telemetry")
    |> range(start: -1h)
    |> filter(fn: (r) => r._field == "\u00e9")
