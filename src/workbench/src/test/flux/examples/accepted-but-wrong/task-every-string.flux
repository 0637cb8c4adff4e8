option task = {name: "t", every: "1h"}

from(bucket: "telemetry") |> range(start: -1h)
