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
package io.rulefilter.eval;

import io.rulefilter.internal.eval.RuleCompiler;
import io.rulefilter.internal.message.MapMessage;
import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.message.MessageModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

class EvaluatorTest {

   private static boolean matches(String rule, String tag, Map<String, Object> attributes) {
      return RuleCompiler.compileDefault(RuleParser.parse(rule)).matches(new MapMessage(tag, attributes));
   }

   private static Map<String, Object> attrs(Object... keyValues) {
      Map<String, Object> map = new LinkedHashMap<>();
      for (int i = 0; i < keyValues.length; i += 2) {
         map.put((String) keyValues[i], keyValues[i + 1]);
      }
      return map;
   }

   @Test
   void theSpecsExampleTable() {
      assertThat(matches("@tag beg prefix", "prefixBSM", attrs())).isTrue();
      assertThat(matches("@tag beg prefix", "BSMprefix", attrs())).isFalse();
      assertThat(matches("@tag end suffix", "BSMsuffix", attrs())).isTrue();
      assertThat(matches("@tag gt 1000", "1500", attrs())).isTrue();
      assertThat(matches("@tag gt 1000", "999", attrs())).isFalse();
      assertThat(matches("@tag gt 1000", "BSM", attrs())).isFalse();
      assertThat(matches("@attr ex type", null, attrs("type", "x"))).isTrue();
      assertThat(matches("@attr ex type", null, attrs("types", "x"))).isFalse();
      assertThat(matches("type weq CA", null, attrs("type", "CA"))).isTrue();
      assertThat(matches("type weq CA", null, attrs("type", "CA1"))).isFalse();
      assertThat(matches("type weq CA???", null, attrs("type", "CA123"))).isTrue();
      assertThat(matches("type weq CA???", null, attrs("type", "CA12"))).isFalse();
      assertThat(matches("mode neq 500", null, attrs("mode", 400L))).isTrue();
      assertThat(matches("mode neq 500", null, attrs("mode", 500))).isFalse();
      assertThat(matches("mode neq 500", null, attrs())).as("absent").isTrue();
      assertThat(matches("name beg ca", null, attrs("name", "cathay"))).isTrue();
      assertThat(matches("name beg ca", null, attrs("name", "Cathay"))).isFalse();
   }

   @Test
   void theSpecsTwoSubscriptionExample() {
      List<MapMessage> published = List.of(
            new MapMessage("tag1", attrs()),
            new MapMessage(null, attrs("attr2", "v")),
            new MapMessage(null, attrs("attr1", "v")),
            new MapMessage("tag2", attrs()),
            new MapMessage(null, attrs("attr1", "v")));
      assertThat(delivered("@attr weq attr1", published)).containsExactly(3, 5);
      assertThat(delivered("@tag beg tag1", published)).containsExactly(1);
   }

   private static List<Integer> delivered(String rule, List<MapMessage> published) {
      var compiled = RuleCompiler.compileDefault(RuleParser.parse(rule));
      List<Integer> numbers = new ArrayList<>();
      for (int i = 0; i < published.size(); i++) {
         if (compiled.matches(published.get(i))) {
            numbers.add(i + 1);
         }
      }
      return numbers;
   }

   /** Every operator on every subject kind, with the value present and absent: positive ops fail, negated hold. */
   @ParameterizedTest(name = "{0}")
   @CsvSource(delimiter = '|', textBlock = """
         @tag beg BS       | true  | false
         @tag end M        | true  | false
         @tag weq B?M      | true  | false
         @tag nweq X*      | true  | true
         @tag ex           | true  | false
         @tag nex          | false | true
         @tag gt 1         | false | false
         @tag neq 1        | true  | true
         @attr beg FL      | true  | false
         @attr end NO      | true  | false
         @attr weq FLT*    | true  | false
         @attr nweq seat*  | true  | true
         @attr nweq FLT*   | false | true
         @attr ex FLTNO    | true  | false
         @attr nex FLTNO   | false | true
         FLTNO beg CA      | true  | false
         FLTNO end 81      | true  | false
         FLTNO weq CA*     | true  | false
         FLTNO nweq CA*    | false | true
         FLTNO ex          | true  | false
         FLTNO nex         | false | true
         bags gt 2         | true  | false
         bags ge 3         | true  | false
         bags lt 4         | true  | false
         bags le 3         | true  | false
         bags eq 3         | true  | false
         bags neq 3        | false | true
         """)
   void operatorsOnPresentAndMissingData(String rule, boolean present, boolean absent) {
      assertThat(matches(rule, "BSM", attrs("FLTNO", "CA981", "bags", 3))).as("present").isEqualTo(present);
      boolean absentTag = rule.startsWith("@tag");
      assertThat(matches(rule, absentTag ? null : "BSM", attrs())).as("absent").isEqualTo(absent);
   }

   @Test
   void numbersCompareAsExactDecimals() {
      assertThat(matches("x eq 0.10", null, attrs("x", "0.1"))).isTrue();
      assertThat(matches("x eq 0.1", null, attrs("x", 0.1d))).as("a double is the decimal Java prints").isTrue();
      assertThat(matches("x eq 0.1", null, attrs("x", 0.1f))).as("a float likewise").isTrue();
      assertThat(matches("x gt 9007199254740992", null, attrs("x", "9007199254740993"))).isTrue();
      assertThat(matches("x gt 9007199254740992", null, attrs("x", 9007199254740993L))).isTrue();
      assertThat(matches("x eq 9007199254740993", null, attrs("x", 9007199254740992.0))).isFalse();
      assertThat(matches("x gt 1e3", null, attrs("x", 1001))).isTrue();
      assertThat(matches("x lt 2.5", null, attrs("x", (short) 2))).isTrue();
      assertThat(matches("x ge -1", null, attrs("x", (byte) -1))).isTrue();
      assertThat(matches("x gt 99999999999999999999", null, attrs("x", Long.MAX_VALUE))).isFalse();
      assertThat(matches("x gt -99999999999999999999", null, attrs("x", Long.MIN_VALUE))).isTrue();
      assertThat(matches("x eq 0", null, attrs("x", -0.0d))).isTrue();
      assertThat(matches("x eq 1500", null, attrs("x", "1500.000"))).isTrue();
      assertThat(matches("x eq 1500", null, attrs("x", "+1.5e3"))).isTrue();
   }

   @Test
   void notANumberFailsEveryComparisonAndSatisfiesNeq() {
      for (Object bad : List.of(" 7", "7 ", "abc", "", "0x10", "NaN", "1d", true, Double.NaN, Double.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, new byte[] {1})) {
         for (String op : List.of("gt", "ge", "lt", "le", "eq")) {
            assertThat(matches("x " + op + " 7", null, attrs("x", bad))).as(op + " " + bad).isFalse();
         }
         assertThat(matches("x neq 7", null, attrs("x", bad))).as("neq " + bad).isTrue();
      }
   }

   @Test
   void stringOperatorsSeeOtherTypesAsJavaPrintsThem() {
      assertThat(matches("n beg 15", null, attrs("n", 1500L))).isTrue();
      assertThat(matches("n weq 1.0E10", null, attrs("n", 1e10))).isTrue();
      assertThat(matches("n weq 0.1", null, attrs("n", 0.1f))).isTrue();
      assertThat(matches("b weq true", null, attrs("b", true))).isTrue();
      assertThat(matches("b end lse", null, attrs("b", false))).isTrue();
      assertThat(matches("n weq *", null, attrs("n", new byte[] {1}))).as("bytes have no text").isFalse();
   }

   @Test
   void wildcardsCountCodePoints() {
      assertThat(matches("x weq ?", null, attrs("x", "😀"))).isTrue();
      assertThat(matches("x weq a?b", null, attrs("x", "a😀b"))).isTrue();
      assertThat(matches("x weq ??", null, attrs("x", "😀"))).isFalse();
      assertThat(matches("x weq *😀", null, attrs("x", "ab😀"))).isTrue();
      assertThat(matches("remark weq 行李*", null, attrs("remark", "行李箱破损"))).isTrue();
      assertThat(matches("remark weq 行李?", null, attrs("remark", "行李箱"))).isTrue();
      assertThat(matches("x weq a\\*b", null, attrs("x", "a*b"))).isTrue();
      assertThat(matches("x weq a\\*b", null, attrs("x", "axb"))).isFalse();
      assertThat(matches("x weq a\\?", null, attrs("x", "a?"))).isTrue();
      assertThat(matches("x weq a\\?", null, attrs("x", "ab"))).isFalse();
      assertThat(matches("x weq *", null, attrs("x", ""))).isTrue();
      assertThat(matches("x weq ''", null, attrs("x", ""))).isTrue();
      assertThat(matches("x weq *a*b*", null, attrs("x", "xxaxxbxx"))).isTrue();
      assertThat(matches("x weq *a*b", null, attrs("x", "abab"))).isTrue();
      assertThat(matches("x weq a*a", null, attrs("x", "a"))).as("head and tail must not overlap").isFalse();
      assertThat(matches("x weq *ab*ab*", null, attrs("x", "abab"))).isTrue();
      assertThat(matches("x weq *ab*ab*", null, attrs("x", "aba"))).isFalse();
      assertThat(matches("x weq 'a\nb'", null, attrs("x", "a\nb"))).isTrue();
      assertThat(matches("x weq '*'", null, attrs("x", "line\nbreak"))).isTrue();
   }

   @Test
   void wildcardMatchingNeverBacktracksExponentially() {
      String value = "a".repeat(10_000);
      assertTimeoutPreemptively(Duration.ofSeconds(2), () -> {
         assertThat(matches("x weq *a*a*a*a*a*b", null, attrs("x", value))).isFalse();
         assertThat(matches("x weq *a*a*a*a*a*a", null, attrs("x", value))).isTrue();
         assertThat(matches("x weq " + "*?".repeat(30) + "b", null, attrs("x", value))).isFalse();
      });
   }

   @Test
   void reservedNamesAreNotAttributes() {
      Map<String, Object> bookkeeping = attrs("JMSCorrelationID", "c1", "_AMQ_DUPL_ID", "d", "__AMQ_CID", "x");
      assertThat(matches("JMSCorrelationID ex", "BSM", bookkeeping)).isFalse();
      assertThat(matches("@attr beg _AMQ", "BSM", bookkeeping)).isFalse();
      assertThat(matches("@attr weq *", "BSM", bookkeeping)).isFalse();
      assertThat(matches("@attr nweq *", "BSM", bookkeeping)).isTrue();
      assertThat(matches("JMSType ex", "BSM", attrs())).as("the tag property is the tag, not an attribute").isFalse();

      var custom = new RuleCompiler(new MessageModel("msgType"));
      var rule = custom.compile(RuleParser.parse("@attr ex msgType or msgType ex"));
      assertThat(rule.matches(new MapMessage("BSM", attrs("msgType", "BSM")))).isFalse();
   }

   @Test
   void aKeyWithANullValueDoesNotExist() {
      Map<String, Object> withNull = attrs("type", null);
      for (String rule : List.of("@attr weq typ?", "@attr weq type", "@attr ex type", "@attr beg ty", "type ex", "@attr weq *")) {
         assertThat(matches(rule, "T", withNull)).as(rule).isFalse();
      }
      assertThat(matches("@attr nweq *", "T", withNull)).isTrue();
   }

   @Test
   void protocolBookkeepingIsNotAttributes() {
      Map<String, Object> stomp = attrs("destination", "/topic/airport.events", "content-length", 12L, "receipt", "r1");
      assertThat(matches("@attr nweq *", "T", stomp)).as("a STOMP SEND's headers").isTrue();
      assertThat(matches("destination ex", "T", stomp)).isFalse();
      Map<String, Object> mqtt = attrs("mqtt.qos.level", 1, "mqtt.message.retain", false);
      assertThat(matches("@attr nweq *", "T", mqtt)).as("MQTT's").isTrue();
      Map<String, Object> openwire = attrs("__HDR_BROKER_IN_TIME", 1L, "__HDR_ARRIVAL", 2L);
      assertThat(matches("@attr nweq *", "T", openwire)).as("OpenWire's").isTrue();
   }

   @Test
   void numberStringsBeyondTheBoundsAreNotNumbers() {
      for (String huge : List.of("1e10000", "-1e10000", "1e-10000", "10e9999", "1e" + "9".repeat(20))) {
         assertThat(matches("x gt 0", null, attrs("x", huge))).as(huge).isFalse();
         assertThat(matches("x lt 0", null, attrs("x", huge))).as(huge).isFalse();
         assertThat(matches("x neq 0", null, attrs("x", huge))).as(huge).isTrue();
      }
      assertThat(matches("x gt 1e9998", null, attrs("x", "1e9999"))).isTrue();
      assertThat(matches("x eq 1e9999", null, attrs("x", "0.1e10000"))).isTrue();
      assertThat(matches("x eq 0", null, attrs("x", "0e99999999999"))).isTrue();
   }

   /**
    * Strings that look like huge numbers cost no more than small ones: no BigDecimal is built for them. Building them
    * takes about 20 s for this loop on the project's machine, reading them a few milliseconds; the bound leaves room
    * for a loaded machine and a cold JIT (500 ms failed under load).
    */
   @Test
   void longNumberStringsCostTheirLengthOnly() {
      String digits = "9".repeat(65_536);
      assertTimeoutPreemptively(Duration.ofSeconds(4), () -> {
         for (int i = 0; i < 100; i++) {
            assertThat(matches("x gt 5", null, attrs("x", digits))).isFalse(); // 10^65536 is out of range
            assertThat(matches("x gt 5", null, attrs("x", "0." + digits))).isFalse();
            assertThat(matches("x lt 1", null, attrs("x", "0." + digits))).isTrue();
         }
      });
   }

   /** A 4 KB pattern against a 200 KB value once took 0.5 s per message; matching is now linear in the value. */
   @Test
   void longPatternsAgainstLongValuesStayLinear() {
      String pattern = ("*" + "a".repeat(200) + "?b").repeat(20);
      String value = "a".repeat(200_000);
      var rule = RuleCompiler.compileDefault(RuleParser.parse("x weq '" + pattern + "'"));
      MapMessage message = new MapMessage(null, attrs("x", value));
      assertTimeoutPreemptively(Duration.ofSeconds(2), () -> {
         for (int i = 0; i < 5; i++) {
            assertThat(rule.matches(message)).isFalse();
         }
      });
   }

   /** Rules share no state across threads: many threads agree with one, on every kind of value and operator. */
   @Test
   void compiledRulesAreSafeToShareAcrossThreads() {
      var rules = List.of("airline weq CA* and bagCount gt 2", "n beg 15 or n weq *0?0*", "d eq 0.1 or s weq *b?b*",
            "@attr weq ?ag* and not n end 7");
      var compiled = rules.stream().map(r -> RuleCompiler.compileDefault(RuleParser.parse(r))).toList();
      List<MapMessage> messages = new ArrayList<>();
      for (int i = 0; i < 64; i++) {
         messages.add(new MapMessage("BSM", attrs("airline", i % 3 == 0 ? "CA" + i : "MU", "bagCount", i % 5,
               "n", (long) i * 1007, "d", i % 4 == 0 ? "0.10" : Double.toString(i / 10.0), "s", "ab" + "x".repeat(i % 3) + "b",
               "tag" + i, i)));
      }
      boolean[][] expected = new boolean[compiled.size()][messages.size()];
      for (int r = 0; r < compiled.size(); r++) {
         for (int m = 0; m < messages.size(); m++) {
            expected[r][m] = compiled.get(r).matches(messages.get(m));
         }
      }
      long wrong = IntStream.range(0, 400_000).parallel().filter(i -> {
         int r = i % compiled.size();
         int m = (i / compiled.size()) % messages.size();
         return compiled.get(r).matches(messages.get(m)) != expected[r][m];
      }).count();
      assertThat(wrong).isZero();
      for (boolean[] perRule : expected) {
         assertThat(perRule).as("every rule matches some messages and not others").contains(true, false);
      }
   }
}
