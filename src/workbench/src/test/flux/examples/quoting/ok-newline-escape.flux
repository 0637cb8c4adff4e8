from(bucket: "telemetry")
    |> range(start: -1h)
    |> filter(fn: (r) => r["line\nbreak"] == "a\tb")
