package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.traffic.scenarios.SummaryYear;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cardinal sample-data --summary-year}: the report benchmark's table, in the shape the issue names. */
class SummaryYearCommandTest {

    @Test
    void writesAYearOfSummaryRowsAndEachListingsAccount(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.of("sample-data", "--summary-year", "420", "-o", dir.toString());
        assertEquals(0, r.code(), r.err());
        Path rows = dir.resolve("ad-marketplace/listing-daily.year.tsv");
        List<String> lines = Files.readAllLines(rows);
        assertTrue(r.out().contains(String.format("%s (%,d summary rows)", rows, lines.size())), r.out());
        // sparse: about 0.9 rows per listing and day over 8 event types
        double perListingDay = lines.size() / (420.0 * 365);
        assertTrue(perListingDay > 0.85 && perListingDay < 0.96, Double.toString(perListingDay));
        assertTrue(lines.get(0).matches("L\\d{6}\t2025-01-01\t[a-z]+\t\\d+\t\\d+"), lines.get(0));
        for (String line : lines) {
            String[] f = line.split("\t");
            assertTrue(Long.parseLong(f[4]) >= 1 && Long.parseLong(f[4]) <= Long.parseLong(f[3]), "uniques within the count: " + line);
        }
        Map<String, Long> listingsPerAccount = Files.readAllLines(dir.resolve("ad-marketplace/listing-owners.tsv")).stream()
            .map(l -> l.split("\t")[1]).collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
        assertEquals(201, listingsPerAccount.size());
        assertEquals(20L, listingsPerAccount.get(SummaryYear.BIG_ACCOUNT), "1/21 of the listings");
        assertTrue(listingsPerAccount.entrySet().stream().filter(e -> !e.getKey().equals(SummaryYear.BIG_ACCOUNT))
            .allMatch(e -> e.getValue() == 2L), listingsPerAccount.toString());

        // the same rows in the summary's key order, and the same again on a second run
        Path byKey = Files.createDirectories(dir.resolve("key"));
        assertEquals(0, CliRun.of("sample-data", "--summary-year", "420", "--summary-order", "key", "-o", byKey.toString()).code());
        List<String> keyed = Files.readAllLines(byKey.resolve("ad-marketplace/listing-daily.year.tsv"));
        assertEquals(lines.stream().sorted().toList(), keyed.stream().sorted().toList());
        assertEquals(keyed.stream().sorted().toList(), keyed, "key order: listing, day, event");
    }

    @Test
    void aCountTheAccountsCannotShareIsRefused(@TempDir Path dir) {
        CliRun r = CliRun.of("sample-data", "--summary-year", "1000", "-o", dir.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--summary-year: listings must be a positive multiple of 210"), r.err());
        assertEquals(2, CliRun.of("sample-data", "--summary-year", "210", "--summary-order", "time", "-o", dir.toString()).code());
    }
}
