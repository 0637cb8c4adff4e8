from(bucket: "telemetry")
    |> range(start: -1h)
    |> filter(fn: (r) => r["température °C"] == "日本")
