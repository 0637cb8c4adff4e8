package dev.cardinal.engine.prometheus;

import dev.cardinal.engine.LimitCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The per-scrape limits of a Prometheus scrape config. Over any of them the whole scrape fails and none of its samples
 * is kept ({@code scrapeLoop.append} in scrape/scrape.go at v2.42.0: {@code errSampleLimit}, and
 * {@code verifyLabelLimits}, whose errors end the append and roll it back). Each is 0 by default, which means no
 * limit (config/config.go at v2.42.0: {@code DefaultScrapeConfig} sets none; docs:
 * https://prometheus.io/docs/prometheus/2.42/configuration/configuration/#scrape_config).
 *
 * @param sampleLimit           {@code sample_limit}: samples one scrape may hold
 * @param labelLimit            {@code label_limit}: labels of one series, {@code __name__} and the target's labels included
 * @param labelNameLengthLimit  {@code label_name_length_limit}: bytes of one label name
 * @param labelValueLengthLimit {@code label_value_length_limit}: bytes of one label value
 */
public record ScrapeLimits(long sampleLimit, long labelLimit, long labelNameLengthLimit, long labelValueLengthLimit) {
    static final String SOURCE = "scrape/scrape.go at v2.42.0 (verifyLabelLimits, errSampleLimit)";
    /** {@code job} and {@code instance}: the labels every scraped series gets from its target (scrape/target.go). */
    static final int TARGET_LABELS = 2;

    public ScrapeLimits {
        check("sample_limit", sampleLimit);
        check("label_limit", labelLimit);
        check("label_name_length_limit", labelNameLengthLimit);
        check("label_value_length_limit", labelValueLengthLimit);
    }

    /** Prometheus' defaults: no limit at all. */
    public static ScrapeLimits none() {
        return new ScrapeLimits(0, 0, 0, 0);
    }

    /**
     * Limits as a scrape config names them, {@code sample_limit=5000}; every other limit stays 0.
     *
     * @throws IllegalArgumentException naming the setting that is unknown or whose value is no whole number from 0 up
     */
    public static ScrapeLimits parse(Map<String, String> settings) {
        long[] v = new long[4];
        List<String> names = List.of("sample_limit", "label_limit", "label_name_length_limit", "label_value_length_limit");
        settings.forEach((name, value) -> {
            int i = names.indexOf(name.toLowerCase(Locale.ROOT));
            if (i < 0) {
                throw new IllegalArgumentException("unknown scrape limit '" + name + "': one of " + String.join(", ", names));
            }
            try {
                v[i] = Long.parseLong(value.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + " must be a whole number, not '" + value + "'");
            }
        });
        return new ScrapeLimits(v[0], v[1], v[2], v[3]);
    }

    /** The checks of the limits that are set; an unset (0) limit cannot be crossed and is said in a note instead. */
    List<LimitCheck> checks(long samplesPerScrape, int labelsPerSeries, int nameBytes, int valueBytes) {
        List<LimitCheck> out = new ArrayList<>();
        String effect = "fails the whole scrape: none of its samples is kept";
        add(out, "sample_limit", sampleLimit, "samples of one scrape, if one target exposed every head series",
            samplesPerScrape, effect);
        add(out, "label_limit", labelLimit, "labels of the widest series, with __name__, job and instance",
            labelsPerSeries + TARGET_LABELS, effect);
        add(out, "label_name_length_limit", labelNameLengthLimit, "bytes of the longest label name", nameBytes, effect);
        add(out, "label_value_length_limit", labelValueLengthLimit, "bytes of the longest label value", valueBytes, effect);
        return out;
    }

    /** True when no limit is set. */
    boolean unset() {
        return sampleLimit == 0 && labelLimit == 0 && labelNameLengthLimit == 0 && labelValueLengthLimit == 0;
    }

    private static void add(List<LimitCheck> out, String setting, long value, String subject, long reach,
                            String effect) {
        if (value > 0) {
            out.add(new LimitCheck(setting, value, SOURCE, subject, reach, null, effect));
        }
    }

    private static void check(String name, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must be 0 (no limit) or more, not " + value);
        }
    }
}
