import "sql"

from(bucket: "telemetry")
    |> range(start: -1h)
    |> sql.to(driverName: "postgres", dataSourceName: "x")
