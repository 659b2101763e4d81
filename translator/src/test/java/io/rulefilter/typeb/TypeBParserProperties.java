/*
 * Copyright 2026 the RuleFilter authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.rulefilter.typeb;

import io.rulefilter.generators.ReferenceTypeB;
import io.rulefilter.generators.RuleArbitraries;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The production Type B parser (one pass over characters) against {@link ReferenceTypeB}, written again from the
 * contract with regular expressions: on generated near-Type-B bodies, on noise made of the characters that matter
 * (dots, slashes, every line end, SMI letters), as text and as UTF-8 bytes; and hostile bodies (huge, no line ends,
 * 10,000 elements, binary) that must cost bounded time and never throw.
 */
class TypeBParserProperties {

   /** Generous against a GC pause on a busy 2-core machine; a quadratic parse of 64 KiB costs far more. */
   private static final long BOUND_NANOS = 200_000_000L;

   @Property(tries = 3000)
   void agreesWithTheReferenceOnGeneratedBodies(@ForAll("bodies") String body) {
      Statistics.label("Type B").collect(assertSame(body));
   }

   @Provide
   Arbitrary<String> bodies() {
      // whole code points: a lone surrogate is no text, and its UTF-8 bytes ('?') could not agree with it
      Arbitrary<String> noise = Arbitraries.of("B", "S", "M", "P", "E", "N", "D", ".", "/", "F", "O", "X", "f", " ", "\r",
            "\n", "1", "é", "行", "😀").list().ofMaxSize(300).map(pieces -> String.join("", pieces));
      return Arbitraries.frequencyOf(Tuple.of(3, RuleArbitraries.typeBBodies()), Tuple.of(1, noise));
   }

   /** Asserts that both readings of the body agree with the reference; true when it is Type B content. */
   private static boolean assertSame(String body) {
      ReferenceTypeB expected = ReferenceTypeB.read(body);
      TypeBMessage text = TypeBParser.parse(body);
      TypeBMessage bytes = TypeBParser.parse(body.getBytes(StandardCharsets.UTF_8));
      String context = "body: " + body.replace("\r", "\\r").replace("\n", "\\n");
      if (expected == null) {
         assertThat(text).as(context).isNull();
         assertThat(bytes).as(context).isNull();
         return false;
      }
      for (TypeBMessage actual : List.of(text, bytes)) {
         assertThat(actual).as(context).isNotNull();
         assertThat(actual.identifier()).as(context).isEqualTo(expected.identifier());
         assertThat(actual.elements()).as(context).isEqualTo(expected.elements());
         for (char letter = 'A'; letter <= 'Z'; letter++) {
            for (int field = 1; field <= 6; field++) {
               assertThat(fields(actual, letter, field)).as(context + ", " + letter + "." + field)
                     .isEqualTo(expected.values(letter, field));
            }
         }
      }
      return true;
   }

   private static List<String> fields(TypeBMessage message, char letter, int field) {
      List<String> out = new ArrayList<>();
      for (int i = 0; i < message.occurrences(letter); i++) {
         String value = message.field(letter, i, field);
         if (value != null) {
            out.add(value);
         }
      }
      return out;
   }

   @Test
   void aBodyOfAtMost64KiBIsReadAndALargerOneIsNot() {
      String head = "BSM\n.F/CA1234/05FEB/SHA\n.V/";
      String exactly = head + "x".repeat(TypeBParser.MAX_BYTES - head.length());
      assertThat(bounded(() -> TypeBParser.parse(exactly)).value('F', 0)).isEqualTo("CA1234/05FEB/SHA");
      assertThat(bounded(() -> TypeBParser.parse(exactly + "x"))).isNull();
      assertThat(bounded(() -> TypeBParser.parse((exactly + "x").getBytes(StandardCharsets.UTF_8)))).isNull();
      String wide = head + "行".repeat((TypeBParser.MAX_BYTES - head.length()) / 3 + 1);
      assertThat(wide.length()).isLessThan(TypeBParser.MAX_BYTES);
      assertThat(bounded(() -> TypeBParser.parse(wide))).as("the limit counts UTF-8 bytes, not characters").isNull();
      String huge = "BSM\n.F/CA1/X\n".repeat(1_000_000);
      assertThat(bounded(() -> TypeBParser.parse(huge))).isNull();
      assertThat(bounded(() -> TypeBParser.parse(huge.getBytes(StandardCharsets.UTF_8)))).isNull();
      assertSame(exactly);
   }

   @Test
   void hostileBodiesCostBoundedTimeAndNeverThrow() {
      String noLineEnd = "BSM.F/" + "CA1234/".repeat(9000);
      assertThat(bounded(() -> TypeBParser.parse(noLineEnd))).isNull();
      assertThat(bounded(() -> TypeBParser.parse("\r".repeat(60_000) + "BSM\r.F/x"))).isNotNull();
      assertThat(bounded(() -> TypeBParser.parse("\n\r".repeat(30_000)))).isNull();
      assertThat(bounded(() -> TypeBParser.parse("/".repeat(60_000)))).isNull();
      String slashes = "BSM\n.F/" + "/".repeat(60_000);
      assertThat(bounded(() -> TypeBParser.parse(slashes)).field('F', 0, 99)).isEmpty();
      assertSame(slashes);
      byte[] binary = new byte[60_000];
      new Random(25).nextBytes(binary);
      binary[0] = 'B';
      binary[1] = 'S';
      binary[2] = 'M';
      assertThat(bounded(() -> TypeBParser.parse(binary))).as("not UTF-8: no Type B content").isNull();
      assertThat(TypeBParser.parse(new byte[0])).isNull();
      assertThat(TypeBParser.parse((String) null)).isNull();
   }

   /**
    * Rules ask for fields again and again (every subscription that evaluates, every message): asking costs the
    * occurrence's own length once, never the rest of the body, however long the text after it without a slash.
    */
   @Test
   void askingForAFieldAgainCostsNothingWhateverFollowsTheElement() {
      String body = "BSM\n.N/0999123456\n" + "NOISE LINE WITHOUT A SLASH\n".repeat(2_300);
      TypeBMessage message = TypeBParser.parse(body);
      TypeBMessage asked = bounded(() -> {
         for (int i = 0; i < 100_000; i++) {
            if (message.field('N', 0, 2) != null || !message.field('N', 0, 1).equals("0999123456")) {
               throw new AssertionError("field 2 of a value without a slash is missing, field 1 is the value");
            }
         }
         return message;
      });
      assertThat(asked.value('N', 0)).isSameAs(message.value('N', 0)).as("cut once");
   }

   @Test
   void tenThousandElementsAreAllRead() {
      StringBuilder body = new StringBuilder("QU SHAXXCA\r\n.PEKXXCA 051200\r\nBSM\r\n.V/1LPEK\r\n.F/CA1234/05FEB/SHA/Y\r\n");
      for (int i = 0; i < 10_000; i++) {
         body.append(".N/").append(i % 10).append('\n'); // 5 bytes each: 10,000 fit in the 64 KiB a body may have
      }
      body.append("ENDBSM\r\n");
      TypeBMessage message = bounded(() -> TypeBParser.parse(body.toString()));
      assertThat(message.identifier()).isEqualTo("BSM");
      assertThat(message.occurrences('N')).isEqualTo(10_000);
      assertThat(message.field('N', 9_999, 1)).isEqualTo("9");
      assertSame(body.toString());
   }

   private static <T> T bounded(Supplier<T> parse) {
      long start = System.nanoTime();
      T result = parse.get();
      assertThat(System.nanoTime() - start).as("parse time").isLessThan(BOUND_NANOS);
      return result;
   }
}
