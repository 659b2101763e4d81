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
package io.rulefilter.e2e;

import io.rulefilter.artemis.PluginSettings;
import io.rulefilter.artemis.RuleFilterPlugin;
import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.client.ManagementClient;
import io.rulefilter.e2e.Jms.Out;
import io.rulefilter.eval.CompiledRule;
import io.rulefilter.internal.eval.RuleCompiler;
import io.rulefilter.internal.message.MapMessage;
import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.rule.And;
import io.rulefilter.rule.Rule;
import jakarta.jms.Connection;
import jakarta.jms.Session;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The per-address index against the per-rule evaluator: hundreds of generated subscriptions of every shape on one
 * address (anchored on whole values, on prefixes, on overlapping alternatives; unanchored, negated, switched off,
 * plain SQL, unfiltered) plus an address rule, then churn (subscriptions leaving and joining, rules changed through
 * management), generated messages throughout, and each queue must hold exactly what its rule, evaluated on its own,
 * accepted when each message was published. Run with the index on and off.
 */
class IndexDifferentialTest {

   private static final String[] TAGS = {"BSM", "BPM", "MVT", "LDM"};
   private static final String[] AIRLINES = {"CA", "MU", "CZ", "HU"};
   private static final String[] STATIONS = {"PEK", "PVG", "CAN"};
   private static final int SUBSCRIPTIONS = 240;
   private static final int MESSAGES = 600;
   private static final String[] RANGE_OPS = {"gt", "ge", "lt", "le", "eq"};
   /** Names that case folding makes equal or not: ß and ẞ (not SS), İ, I, i and ı, the Greek sigmas. */
   private static final String[] HANDLERS = {"Straße", "STRAẞE", "STRASSE", "İstanbul", "istanbul", "ISTANBUL", "ıstanbul",
         "Σίσυφος", "ΣΊΣΥΦΟΣ", "σίσυφοσ", "CAhandling"};
   /** Rules that are nothing but their anchor. */
   private static final String[] WHOLE_RULES = {"bagCount lt 5", "bagCount ge 7", "bagCount eq 3", "@tag weq BSM",
         "flight beg CA", "station weq PEK or station weq PVG", "@tag beg B or @tag weq MVT", "station weq (PEK, SHA)",
         "@tag beg (B, MV)", "bagCount eq (2, 4.5, 7.0)", "handler weqi (straße, İSTANBUL)", "@tag begi (b, mV)"};

   private static String flight(Random random) {
      return AIRLINES[random.nextInt(AIRLINES.length)] + (100 + random.nextInt(5));
   }

   private static String rule(Random random) {
      String tag = TAGS[random.nextInt(TAGS.length)];
      String airline = AIRLINES[random.nextInt(AIRLINES.length)];
      String other = AIRLINES[random.nextInt(AIRLINES.length)];
      String handler = HANDLERS[random.nextInt(HANDLERS.length)];
      return switch (random.nextInt(22)) {
         case 0, 1, 2 -> "flight weq " + flight(random);
         case 3 -> "@tag weq " + tag;
         case 4 -> "@tag weq " + tag + " and bagCount gt " + random.nextInt(10);
         case 5 -> "airline weq " + airline + " and station weq " + STATIONS[random.nextInt(STATIONS.length)];
         case 6 -> "@tag beg " + tag.charAt(0);
         case 7 -> "bagCount " + RANGE_OPS[random.nextInt(RANGE_OPS.length)] + " " + random.nextInt(10)
               + (random.nextBoolean() ? "" : ".5");
         case 8 -> "not flight weq " + flight(random);
         case 9 -> "flight weq " + flight(random) + " or flight weq " + flight(random);
         case 10 -> "@attr ex remark and remark weq *破损*";
         case 11 -> "flight beg " + airline + " or flight weq " + flight(random);
         case 12 -> "@tag beg " + tag.charAt(0) + " or @tag beg " + tag.substring(0, 2) + " or @tag weq " + tag;
         case 13 -> "(airline weq " + airline + " or airline weq " + other + ") and flight beg " + other + "10";
         case 15 -> "flight weq (" + flight(random) + ", " + flight(random) + ", " + flight(random) + ")"; // version 2
         case 16 -> "flight beg (" + airline + "10, " + other + ") and @tag weqi " + tag.toLowerCase(Locale.ROOT);
         case 17 -> "bagCount eq (" + random.nextInt(10) + ", " + random.nextInt(10) + ".5, " + random.nextInt(10) + ".0)";
         case 18 -> "@tag weq " + tag + " and bagCount eq (" + random.nextInt(10) + ", " + random.nextInt(10) + ")";
         case 19 -> "handler weqi (" + handler + ", " + HANDLERS[random.nextInt(HANDLERS.length)] + ")";
         case 20 -> "handler begi " + handler.substring(0, 1 + random.nextInt(3)) + " and bagCount lt 8";
         case 21 -> "flight weqi " + flight(random).toLowerCase(Locale.ROOT) + " or flight begi (" + other.toLowerCase(Locale.ROOT)
               + "10, x)";
         default -> "flight weq " + airline + "10? and @tag nweq " + tag;
      };
   }

   /** Mostly an int; sometimes a long, or a double that may be whole ({@code 3.0}) or a half ({@code 3.5}). */
   private static Number bagCount(Random random) {
      int n = random.nextInt(10);
      return switch (random.nextInt(6)) {
         case 0 -> (long) n;
         case 1 -> n + (random.nextBoolean() ? 0.0 : 0.5);
         default -> n;
      };
   }

   private static Out message(Random random) {
      Map<String, Object> props = new LinkedHashMap<>();
      String flight = flight(random);
      props.put("flight", flight);
      props.put("airline", flight.substring(0, 2));
      props.put("station", STATIONS[random.nextInt(STATIONS.length)]);
      props.put("bagCount", bagCount(random));
      if (random.nextInt(3) > 0) {
         props.put("handler", HANDLERS[random.nextInt(HANDLERS.length)]);
      }
      if (random.nextInt(4) == 0) {
         props.put("remark", random.nextBoolean() ? "行李破损" : "正常");
      }
      return new Out(TAGS[random.nextInt(TAGS.length)], props);
   }

   @ParameterizedTest(name = "routing-index={0}")
   @ValueSource(booleans = {true, false})
   void everyQueueHoldsExactlyWhatItsOwnRuleAccepts(boolean routingIndex) throws Exception {
      Random random = new Random(20261129L);
      String address = "index-diff-" + routingIndex;
      try (TestBroker broker = TestBroker.withPluginProperties(Map.of(PluginSettings.ROUTING_INDEX, Boolean.toString(routingIndex)));
           ManagementClient admin = broker.management(); Connection connection = broker.connectionFactory().createConnection()) {
         RuleFilterPlugin plugin = broker.broker().plugin();
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         Map<String, Rule> rules = new LinkedHashMap<>();
         Map<String, String> sqlQueues = new LinkedHashMap<>();
         for (int i = 0; i < SUBSCRIPTIONS; i++) {
            String queue = address + "-s" + i;
            if (i % 40 == 39) {
               String sql = "bagCount > 6";
               sqlQueues.put(queue, sql);
               session.createSharedDurableConsumer(session.createTopic(address), queue, sql).close();
            } else if (i % 40 == 38) {
               sqlQueues.put(queue, null);
               session.createSharedDurableConsumer(session.createTopic(address), queue).close();
            } else {
               String text = rule(random);
               rules.put(queue, RuleParser.parse(text));
               session.createSharedDurableConsumer(session.createTopic(address), queue, text).close();
            }
         }
         assertThat(PluginParts.registry(plugin).queries().routing(address).indexed()).isEqualTo(routingIndex);
         List<Out> messages = new ArrayList<>();
         for (int i = 0; i < 2 * MESSAGES; i++) {
            messages.add(message(random));
         }

         // Phase 1: own rules only; plain-SQL and unfiltered queues are left to Artemis's filters.
         Jms.publish(connection, address, messages.subList(0, MESSAGES), 1);
         // Phase 2: an address rule for everyone, and some switches turned off.
         Rule addressRule = RuleParser.parse("@tag nweq LDM");
         admin.invoke("setAddressRule", address, addressRule.canonical());
         List<String> disabled = rules.keySet().stream().filter(q -> Math.floorMod(q.hashCode(), 17) == 0).toList();
         assertThat(disabled).isNotEmpty();
         for (String queue : disabled) {
            admin.invoke("disable", address, queue);
         }
         assertThat(PluginParts.registry(plugin).queries().routing(address).indexed()).isEqualTo(routingIndex);
         Jms.publish(connection, address, messages.subList(MESSAGES, 2 * MESSAGES), MESSAGES + 1);

         // Phase 3: churn, as on a busy broker: a fifth of the subscriptions leave, as many new ones come, and a
         // fifth change their rules through management. The index takes each change in one step.
         List<String> leaving = rules.keySet().stream()
               .filter(q -> Math.floorMod(q.hashCode(), 5) == 1 && !disabled.contains(q)).toList();
         for (String queue : leaving) {
            session.unsubscribe(queue);
            rules.remove(queue);
         }
         Map<String, Rule> joined = new LinkedHashMap<>();
         for (int i = 0; i < leaving.size(); i++) {
            String queue = address + "-joined" + i;
            String text = rule(random);
            joined.put(queue, RuleParser.parse(text));
            session.createSharedDurableConsumer(session.createTopic(address), queue, text).close();
         }
         Map<String, Rule> changed = new LinkedHashMap<>();
         rules.keySet().stream().filter(q -> Math.floorMod(q.hashCode(), 5) == 2 && !disabled.contains(q))
               .forEach(q -> changed.put(q, RuleParser.parse(rule(random))));
         assertThat(leaving).isNotEmpty();
         assertThat(changed).isNotEmpty();
         for (Map.Entry<String, Rule> e : changed.entrySet()) {
            admin.invoke("setRule", address, e.getKey(), e.getValue().canonical());
         }
         assertThat(PluginParts.registry(plugin).queries().routing(address).indexed()).isEqualTo(routingIndex);
         for (int i = 0; i < MESSAGES; i++) {
            messages.add(message(random));
         }
         Jms.publish(connection, address, messages.subList(2 * MESSAGES, 3 * MESSAGES), 2 * MESSAGES + 1);

         // Phase 4: the address rule goes, the switches come back on, and some rules change to rules that are all
         // anchor, which the index then routes without evaluating them: every way a subscription can become one.
         admin.invoke("removeAddressRule", address);
         for (String queue : disabled) {
            admin.invoke("enable", address, queue);
         }
         Map<String, Rule> rechanged = new LinkedHashMap<>();
         rules.keySet().stream().filter(q -> Math.floorMod(q.hashCode(), 5) == 3 && !disabled.contains(q))
               .forEach(q -> rechanged.put(q, RuleParser.parse(WHOLE_RULES[random.nextInt(WHOLE_RULES.length)])));
         assertThat(rechanged).isNotEmpty();
         for (Map.Entry<String, Rule> e : rechanged.entrySet()) {
            admin.invoke("setRule", address, e.getKey(), e.getValue().canonical());
         }
         assertThat(PluginParts.registry(plugin).queries().routing(address).indexed()).isEqualTo(routingIndex);
         for (int i = 0; i < MESSAGES; i++) {
            messages.add(message(random));
         }
         Jms.publish(connection, address, messages.subList(3 * MESSAGES, 4 * MESSAGES), 3 * MESSAGES + 1);

         for (Map.Entry<String, Rule> e : rules.entrySet()) {
            TreeSet<Integer> expected = expected(e.getValue(), messages, 0, MESSAGES);
            boolean off = disabled.contains(e.getKey());
            expected.addAll(expected(off ? null : And.of(addressRule, e.getValue()), messages, MESSAGES, 2 * MESSAGES));
            Rule now = changed.getOrDefault(e.getKey(), e.getValue());
            expected.addAll(expected(off ? null : And.of(addressRule, now), messages, 2 * MESSAGES, 3 * MESSAGES));
            Rule last = rechanged.getOrDefault(e.getKey(), now);
            expected.addAll(expected(last, messages, 3 * MESSAGES, 4 * MESSAGES));
            assertThat(held(broker, e.getKey()))
                  .as(e.getKey() + ": " + e.getValue().canonical() + ", then " + now.canonical() + ", then " + last.canonical())
                  .isEqualTo(expected);
         }
         for (Map.Entry<String, Rule> e : joined.entrySet()) {
            TreeSet<Integer> expected = expected(And.of(addressRule, e.getValue()), messages, 2 * MESSAGES, 3 * MESSAGES);
            expected.addAll(expected(e.getValue(), messages, 3 * MESSAGES, 4 * MESSAGES));
            assertThat(held(broker, e.getKey())).as(e.getKey() + " (joined): " + e.getValue().canonical())
                  .isEqualTo(expected);
         }
         TreeSet<Integer> addressRuleHolds = expected(addressRule, messages, MESSAGES, 3 * MESSAGES);
         for (Map.Entry<String, String> e : sqlQueues.entrySet()) {
            TreeSet<Integer> expected = new TreeSet<>();
            for (int i = 0; i < messages.size(); i++) {
               boolean sql = e.getValue() == null || ((Number) messages.get(i).properties().get("bagCount")).doubleValue() > 6;
               if (sql && (i < MESSAGES || i >= 3 * MESSAGES || addressRuleHolds.contains(i + 1))) {
                  expected.add(i + 1);
               }
            }
            assertThat(held(broker, e.getKey())).as(e.getKey() + " (own SQL filter or none, AND the address rule while set)")
                  .isEqualTo(expected);
         }
      }
   }

   /** The seq numbers (1-based) among messages [from, to) that {@code rule} accepts; every one for a null rule. */
   private static TreeSet<Integer> expected(Rule rule, List<Out> messages, int from, int to) {
      CompiledRule compiled = rule == null ? null : RuleCompiler.compileDefault(rule);
      TreeSet<Integer> expected = new TreeSet<>();
      for (int i = from; i < to; i++) {
         Out out = messages.get(i);
         if (compiled == null || compiled.matches(new MapMessage(out.tag(), out.properties()))) {
            expected.add(i + 1);
         }
      }
      return expected;
   }

   /**
    * The seq numbers a queue holds, read on the broker: a JMS QueueBrowser may end its enumeration before the last
    * messages reach the client, which would look like lost messages.
    */
   private static TreeSet<Integer> held(TestBroker broker, String queue) throws Exception {
      List<Integer> seqs = HeldMessages.seqs(broker.queue(queue), Jms.SEQ);
      TreeSet<Integer> distinct = new TreeSet<>(seqs);
      assertThat(seqs).as("%s holds no message twice", queue).hasSameSizeAs(distinct);
      return distinct;
   }
}
