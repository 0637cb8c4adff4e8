package dev.cardinal.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The dictionary reads short values as whole words where the arrays leave room and byte by byte where they do not
 * (a value at the very end of a read buffer). Both ways must give the same hash and the same answer, or one value
 * would get two ids.
 */
class ByteDictionaryTest {

    @Property(tries = 500)
    void aValueHashesAndComparesTheSameWhereverItLies(@ForAll("values") byte[] value, @ForAll("pads") int pad) {
        byte[] exact = value.clone();
        byte[] inside = new byte[pad + value.length + 16];
        Arrays.fill(inside, (byte) 'x');
        System.arraycopy(value, 0, inside, pad, value.length);
        assertEquals(ByteWords.hash(exact, 0, exact.length), ByteWords.hash(inside, pad, value.length));
        assertTrue(ByteWords.same(exact, 0, inside, pad, value.length));
        assertTrue(ByteWords.same(inside, pad, exact, 0, value.length));
        if (value.length > 0) {
            byte[] other = inside.clone();
            other[pad + value.length - 1] ^= 1;
            assertFalse(ByteWords.same(exact, 0, other, pad, value.length));
            assertFalse(ByteWords.same(other, pad, exact, 0, value.length));
        }
    }

    @Property(tries = 200)
    void idsMatchAMapOfTheSameValues(@ForAll("streams") List<byte[]> stream) {
        ByteDictionary d = new ByteDictionary();
        Map<String, Integer> reference = new HashMap<>();
        byte[] buffer = new byte[0];
        for (byte[] v : stream) {
            // alternately at the end of its own array and inside a larger one
            int id;
            if ((reference.size() & 1) == 0) {
                id = d.getOrAdd(v, 0, v.length);
            } else {
                buffer = new byte[v.length + 24];
                System.arraycopy(v, 0, buffer, 3, v.length);
                id = d.getOrAdd(buffer, 3, v.length);
            }
            String key = Arrays.toString(v);
            Integer known = reference.putIfAbsent(key, reference.size() + 1);
            assertEquals(known == null ? reference.size() : known, id, key);
            assertEquals(id, d.find(v, 0, v.length));
            assertTrue(Arrays.equals(v, d.bytes(id)));
        }
        assertEquals(reference.size(), d.size());
    }

    /**
     * The search for the characters line protocol escapes answers as a search of every value's text would, asked
     * again as the dictionary grows (it searches only what was added since) and for another set of characters.
     */
    @Property(tries = 300)
    void holdsAnyOfAnswersAsTheValuesTextWould(@ForAll("texts") List<String> stream, @ForAll("pads") int askEvery) {
        ByteDictionary d = new ByteDictionary();
        boolean escapable = false;
        boolean quoted = false;
        int added = 0;
        for (String v : stream) {
            d.getOrAdd(v);
            escapable |= v.chars().anyMatch(c -> c == ',' || c == '=' || c == ' ');
            quoted |= v.indexOf('"') >= 0;
            if (++added % (askEvery + 1) == 0) {
                assertEquals(escapable, d.holdsAnyOf(",= "), stream.toString());
            }
            if (added % 7 == 0) {
                assertEquals(quoted, d.holdsAnyOf("\""), stream.toString());
            }
        }
        assertEquals(escapable, d.holdsAnyOf(",= "));
        assertEquals(quoted, d.holdsAnyOf("\""));
    }

    @Provide
    Arbitrary<List<String>> texts() {
        // mostly plain ids, sometimes a character to escape or a quote at any place, and non-ASCII text whose UTF-8
        // bytes must never be taken for one
        Arbitrary<String> plain = Arbitraries.strings().withChars("abcdef0123456789-\u00e9\u4e2d\ud83d\ude00").ofMaxLength(40);
        Arbitrary<String> odd = Arbitraries.strings().withChars("ab ,=\"\u00e9").ofMinLength(1).ofMaxLength(12);
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(30, plain), net.jqwik.api.Tuple.of(1, odd)).list().ofMaxSize(200);
    }

    @Test
    void valuesDifferingOnlyInTrailingZeroBytesAreDistinct() {
        ByteDictionary d = new ByteDictionary();
        int a = d.getOrAdd(new byte[] {'a'}, 0, 1);
        int b = d.getOrAdd(new byte[] {'a', 0}, 0, 2);
        int empty = d.getOrAdd(new byte[0], 0, 0);
        assertEquals(3, d.size());
        assertEquals(a, d.getOrAdd(new byte[] {'a', 0, 0, 0, 0, 0, 0, 0, 0}, 0, 1));
        assertEquals(b, d.getOrAdd(new byte[] {'a', 0, 0, 0, 0, 0, 0, 0, 0}, 0, 2));
        assertEquals(empty, d.getOrAdd(new byte[] {'z', 'z', 'z', 'z', 'z', 'z', 'z', 'z', 'z'}, 4, 0));
    }

    @Test
    void trimmedDictionariesStillFindShortValues() {
        ByteDictionary d = new ByteDictionary();
        for (int i = 0; i < 3000; i++) {
            d.getOrAdd("v" + i);
        }
        d.trim();
        assertEquals(3000, d.size());
        assertEquals(1, d.find("v0"));
        assertEquals(3000, d.find("v2999"));
        assertEquals(0, d.find("v3000"));
    }

    @Provide
    Arbitrary<byte[]> values() {
        return Arbitraries.bytes().between((byte) 0, (byte) 3).array(byte[].class).ofMaxSize(40);
    }

    @Provide
    Arbitrary<Integer> pads() {
        return Arbitraries.integers().between(0, 17);
    }

    @Provide
    Arbitrary<List<byte[]>> streams() {
        return values().list().ofMaxSize(400);
    }
}
