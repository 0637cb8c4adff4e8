package dev.cardinal.traffic.scenarios;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.SplittableRandom;

/**
 * A year of the ad marketplace's daily summary rows ({@code listing-daily}) at a realistic size, for the report
 * benchmark and its tests: one account holds 1/21 of the listings and 200 accounts share the rest evenly (at 21,000
 * listings: one with 1,000, 200 with 100 each), 365 days, 8 event types, each on a listing's day with its own
 * probability (sparse: about 0.9 rows per listing and day, 6.9 million rows in all). Every value is drawn from a
 * seed of its listing and day, so the rows are the same in whichever order they are written.
 *
 * <p>Rows are tab-separated without a header, as both {@code LOAD DATA INFILE} and {@code COPY} read them by
 * default: {@code listing_id, day, event, count_sum, user_id_uniques}; owners: {@code listing_id, account_id}.
 */
public final class SummaryYear {
    /** The event types and how often each is on a listing's day. */
    static final String[] EVENTS = {"view", "click", "contact", "favorite", "share", "save", "call", "report"};
    private static final double[] ON_A_DAY = {0.42, 0.16, 0.09, 0.08, 0.05, 0.05, 0.03, 0.025};
    /** The accounts beside the big one. */
    public static final int SMALL_ACCOUNTS = 200;
    /** The big account's id. */
    public static final String BIG_ACCOUNT = "A000";

    /** The order rows are written in: the summary's key, or day by day as the daily job writes them. */
    public enum Order { KEY, DAY }

    /**
     * @param listings a multiple of 210 (so the accounts share them evenly)
     * @param days     days from {@code first}
     */
    public record Shape(int listings, int days, LocalDate first) {
        public Shape {
            if (listings <= 0 || listings % 210 != 0) {
                throw new IllegalArgumentException("listings must be a positive multiple of 210 (1/21 for the big account, the"
                    + " rest shared by " + SMALL_ACCOUNTS + " accounts), was " + listings);
            }
            if (days <= 0) {
                throw new IllegalArgumentException("days must be positive, was " + days);
            }
        }

        /** The table: 21,000 listings over 2025. */
        public static Shape realistic() {
            return new Shape(21_000, 365, LocalDate.of(2025, 1, 1));
        }

        public int bigAccountListings() {
            return listings / 21;
        }
    }

    /** One summary row. */
    public record Row(String listingId, LocalDate day, String event, long countSum, long userIdUniques) {
    }

    private final Shape shape;
    private final String[] accountOf;

    public SummaryYear(Shape shape) {
        this.shape = shape;
        // listings join accounts in a shuffled order, as they are created over time, not in blocks of ids
        List<Integer> order = new ArrayList<>();
        for (int l = 1; l <= shape.listings(); l++) {
            order.add(l);
        }
        Collections.shuffle(order, new Random(30));
        accountOf = new String[shape.listings() + 1];
        int big = shape.bigAccountListings();
        for (int i = 0; i < order.size(); i++) {
            accountOf[order.get(i)] = i < big ? BIG_ACCOUNT
                : String.format(Locale.ROOT, "A%03d", 1 + (i - big) % SMALL_ACCOUNTS);
        }
    }

    public Shape shape() {
        return shape;
    }

    public static String listingId(int listing) {
        return String.format(Locale.ROOT, "L%06d", listing);
    }

    /** The account of listing number {@code listing} (1-based). */
    public String account(int listing) {
        return accountOf[listing];
    }

    /** The rows of one listing's day: the event types it had, each with its count and distinct users. */
    public List<Row> rows(int listing, int day) {
        SplittableRandom r = new SplittableRandom(listing * 1_000_003L + day);
        List<Row> out = new ArrayList<>(EVENTS.length);
        LocalDate date = shape.first().plusDays(day);
        for (int e = 0; e < EVENTS.length; e++) {
            if (r.nextDouble() < ON_A_DAY[e]) {
                long count = 1 + r.nextInt(60);
                out.add(new Row(listingId(listing), date, EVENTS[e], count, 1 + r.nextLong(count)));
            }
        }
        return out;
    }

    /** Writes every row in {@code order} (to a file beside it, then moved over it); returns how many. */
    public long writeRows(Path file, Order order) throws IOException {
        long n = 0;
        Path part = partOf(file);
        try (Writer w = new BufferedWriter(Files.newBufferedWriter(part, StandardCharsets.UTF_8), 1 << 16)) {
            int outer = order == Order.KEY ? shape.listings() : shape.days();
            int inner = order == Order.KEY ? shape.days() : shape.listings();
            for (int i = 0; i < outer; i++) {
                for (int j = 0; j < inner; j++) {
                    // the key's order within a listing's day is the event's name: the events are sorted on the way out
                    List<Row> rows = new ArrayList<>(order == Order.KEY ? rows(i + 1, j) : rows(j + 1, i));
                    rows.sort((a, b) -> a.event().compareTo(b.event()));
                    for (Row row : rows) {
                        w.write(row.listingId() + '\t' + row.day() + '\t' + row.event() + '\t' + row.countSum() + '\t'
                            + row.userIdUniques() + '\n');
                        n++;
                    }
                }
            }
        }
        Files.move(part, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return n;
    }

    /** Where a file is written before it is moved into place: a reader never sees half of it. */
    private static Path partOf(Path file) {
        return file.resolveSibling(file.getFileName() + ".part");
    }

    /** Writes each listing with its account; returns how many. */
    public long writeOwners(Path file) throws IOException {
        Path part = partOf(file);
        try (Writer w = Files.newBufferedWriter(part, StandardCharsets.UTF_8)) {
            for (int l = 1; l <= shape.listings(); l++) {
                w.write(listingId(l) + '\t' + account(l) + '\n');
            }
        }
        Files.move(part, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return shape.listings();
    }
}
