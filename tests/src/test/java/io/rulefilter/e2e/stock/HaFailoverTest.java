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
package io.rulefilter.e2e.stock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rulefilter.client.ManagementClient;
import io.rulefilter.e2e.stock.HaPair.Mode;
import io.rulefilter.selector.RuleSelector;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import static io.rulefilter.e2e.stock.HaTraffic.ADDRESS;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 11, HA: a primary/backup pair of stock instances with RuleFilter, by replication and by shared store. With
 * subscriptions of every kind (raw rule, selector form of an inexact rule, management rule, switched off) and an
 * address rule, a publisher sends persistent messages while the primary is killed with SIGKILL; clients fail over to
 * the backup. Every subscriber must then hold exactly the messages its rules accept, none lost and none twice, and the
 * backup must show every rule, address rule and switch. A rule changed and a switch turned on the backup must then
 * survive the fail-back to the restarted primary (under load too), and apply there.
 */
class HaFailoverTest {

   private static final String RAW_RULE = "@tag beg BS";
   private static final String INEXACT_RULE = "airline weq CA and bagCount gt 2";
   private static final String MANAGED_RULE = "@tag weq LDM";
   private static final String SWITCHED_RULE = "@tag weq MVT";
   private static final String ADDRESS_RULE = "not airline weq XX";
   private static final String CHANGED_RULE = "@tag weq CPM";
   private static final String LATE_RULE = "@tag weq LATE";
   private static final String NON_DURABLE_RULE = "@tag weq BPM";
   private static final String CLIENT = "ops";
   private static final int BEFORE_KILL = 300;
   private static final int AFTER_KILL = 300;
   private static final int AROUND_FAILBACK = 150;
   private static final ObjectMapper JSON = new ObjectMapper();

   @Test
   void replicationFailsOverAndBackKeepingEveryRule() throws Exception {
      failOverAndBack(Mode.REPLICATION);
   }

   @Test
   void sharedStoreFailsOverAndBackKeepingEveryRule() throws Exception {
      failOverAndBack(Mode.SHARED_STORE);
   }

   private static void failOverAndBack(Mode mode) throws Exception {
      List<HaSubscriber> subscribers = new ArrayList<>();
      try (HaPair pair = HaPair.create(mode).start();
           ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(pair.clientUrl())) {
         HaSubscriber baggage = add(subscribers, HaSubscriber.shared(factory, "baggage", RAW_RULE));
         HaSubscriber heavy = add(subscribers, HaSubscriber.durable(factory, CLIENT, "ca-heavy", RuleSelector.of(INEXACT_RULE)));
         HaSubscriber loads = add(subscribers, HaSubscriber.shared(factory, "loads", null));
         HaSubscriber all = add(subscribers, HaSubscriber.shared(factory, "all", SWITCHED_RULE));
         HaSubscriber gates = add(subscribers, HaSubscriber.nonDurable(factory, "gates (non-durable)", NON_DURABLE_RULE));
         HaSubscriber.shared(factory, "late", null).close(); // a backlog only: its rule is set the instant before the kill
         try (ManagementClient primary = management(pair.primary())) {
            primary.invoke("setRule", ADDRESS, "loads", MANAGED_RULE, false);
            primary.invoke("disable", ADDRESS, "all");
            primary.invoke("setAddressRule", ADDRESS, ADDRESS_RULE);
            // a management rule on the non-durable subscription, accepting what its own does: gone after a failover
            primary.invoke("setRule", ADDRESS, queueWithRule(primary, NON_DURABLE_RULE), NON_DURABLE_RULE + " and bagCount gt 0");
         }

         try (HaPublisher publisher = new HaPublisher(factory, ADDRESS)) {
            // kill -9 of the primary under load, the instant it confirmed a rule change; clients fail over
            publisher.resume();
            publisher.awaitConfirmed(BEFORE_KILL, 60);
            try (ManagementClient primary = management(pair.primary())) {
               primary.invoke("setRule", ADDRESS, "late", LATE_RULE, false);
            }
            int confirmedAtKill = publisher.confirmed();
            long killedAt = System.nanoTime();
            pair.primary().kill();
            pair.awaitBackupActive(60);
            long backupActiveAt = System.nanoTime();
            publisher.awaitConfirmed(confirmedAtKill + 1, 60);
            long publishingAgainAt = System.nanoTime();
            publisher.awaitConfirmed(confirmedAtKill + AFTER_KILL, 60);
            publisher.pause();
            int cut = publisher.confirmed();

            assertRules(pair.backup(), MANAGED_RULE, false);
            Map<HaSubscriber, Set<Integer>> expected = new LinkedHashMap<>();
            expected.put(baggage, HaTraffic.accepted(1, cut, ADDRESS_RULE, RAW_RULE));
            expected.put(heavy, HaTraffic.accepted(1, cut, ADDRESS_RULE, INEXACT_RULE));
            expected.put(loads, HaTraffic.accepted(1, cut, ADDRESS_RULE, MANAGED_RULE));
            expected.put(all, HaTraffic.accepted(1, cut));
            assertReceived(expected);

            // a rule changed and a switch turned on the backup; fail-back to the restarted primary under load
            try (ManagementClient backup = management(pair.backup())) {
               backup.invoke("setRule", ADDRESS, "loads", CHANGED_RULE, false);
               backup.invoke("enable", ADDRESS, "all");
            }
            publisher.resume();
            publisher.awaitConfirmed(cut + AROUND_FAILBACK, 60);
            int beforeFailBack = publisher.confirmed();
            long restartedAt = System.nanoTime();
            pair.primary().start();
            long primaryActiveAt = System.nanoTime();
            pair.backup().awaitLog(HaPair.BACKUP_ANNOUNCED, 2, 60);
            publisher.awaitConfirmed(publisher.confirmed() + AROUND_FAILBACK, 60);
            publisher.pause();
            int end = publisher.confirmed();

            assertRules(pair.primary(), CHANGED_RULE, true);
            expected.get(baggage).addAll(HaTraffic.accepted(cut + 1, end, ADDRESS_RULE, RAW_RULE));
            expected.get(heavy).addAll(HaTraffic.accepted(cut + 1, end, ADDRESS_RULE, INEXACT_RULE));
            expected.get(loads).addAll(HaTraffic.accepted(cut + 1, end, ADDRESS_RULE, CHANGED_RULE));
            expected.get(all).addAll(HaTraffic.accepted(cut + 1, end, ADDRESS_RULE, SWITCHED_RULE));
            assertReceived(expected);
            assertNonDurable(gates, HaTraffic.accepted(cut + 1, beforeFailBack, ADDRESS_RULE, NON_DURABLE_RULE),
                  HaTraffic.accepted(1, end, ADDRESS_RULE, NON_DURABLE_RULE));

            System.out.printf("HA figures (%s): kill -9 at message %d; backup active %d ms after the kill, publisher "
                  + "confirmed again after %d ms; %d messages confirmed in all (%d sent again); primary active %d ms "
                  + "after its restart; %s%n", mode, confirmedAtKill, millis(killedAt, backupActiveAt),
                  millis(killedAt, publishingAgainAt), end, publisher.resent(), millis(restartedAt, primaryActiveAt),
                  summary(expected));
            System.out.printf("HA figures (%s): resent messages dropped as duplicates: %d by the backup, %d by the "
                  + "primary after fail-back; sends that failed: %s%n", mode, pair.backup().logCount("AMQ222059"),
                  pair.primary().logCount("AMQ222059"), publisher.failedSends());
         }
      } finally {
         for (HaSubscriber subscriber : subscribers) {
            subscriber.close();
         }
      }
   }

   private static HaSubscriber add(List<HaSubscriber> subscribers, HaSubscriber subscriber) {
      subscribers.add(subscriber);
      return subscriber;
   }

   private static ManagementClient management(StockArtemis broker) throws Exception {
      return new ManagementClient("tcp://127.0.0.1:" + broker.corePort(), StockArtemis.USER, StockArtemis.PASSWORD);
   }

   /** The queue of the subscription whose rule in force is {@code rule}. */
   private static String queueWithRule(ManagementClient management, String rule) throws Exception {
      for (JsonNode s : JSON.readTree(management.invoke("listRules").toString()).get("subscriptions")) {
         if (s.get("rule").asText().equals(rule)) {
            return s.get("queue").asText();
         }
      }
      throw new IllegalStateException("no subscription with the rule " + rule);
   }

   /**
    * What {@code rules list} and {@code rules get} show on {@code broker}: every rule, the switch, the address rule,
    * once the non-durable subscription's client has created it again there.
    */
   private static void assertRules(StockArtemis broker, String loadsRule, boolean allEnabled) throws Exception {
      try (ManagementClient management = management(broker)) {
         JsonNode list = JSON.readTree(management.invoke("listRules").toString());
         long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
         while (list.get("subscriptions").size() < 6 && System.nanoTime() < deadline) {
            Thread.sleep(50);
            list = JSON.readTree(management.invoke("listRules").toString());
         }
         Map<String, String> rules = new LinkedHashMap<>();
         for (JsonNode s : list.get("subscriptions")) {
            rules.put(s.get("queue").asText(), s.get("rule").asText() + " (" + s.get("source").asText() + ", "
                  + (s.get("enabled").asBoolean() ? "on" : "off") + ", address rule " + s.get("addressRule").asText() + ")");
         }
         String address = ", address rule " + ADDRESS_RULE + ")";
         Map<String, String> durable = Map.of(
               "baggage", RAW_RULE + " (selector, on" + address,
               CLIENT + ".ca-heavy", INEXACT_RULE + " (selector, on" + address,
               "loads", loadsRule + " (management, on" + address,
               "all", SWITCHED_RULE + " (selector, " + (allEnabled ? "on" : "off") + address,
               "late", LATE_RULE + " (management, on" + address);
         assertThat(rules).as("rules list on %s", broker.instance()).containsAllEntriesOf(durable)
               .hasSize(durable.size() + 1).containsValue(NON_DURABLE_RULE + " (selector, on" + address);
         assertThat(list.get("addressRules").findValuesAsText("rule")).containsExactly(ADDRESS_RULE);
         JsonNode loads = JSON.readTree(management.invoke("getRule", ADDRESS, "loads").toString());
         assertThat(loads.get("rule").asText()).isEqualTo(loadsRule);
         assertThat(loads.get("creationRule").isNull()).isTrue();
      }
   }

   /** Every subscriber receives exactly what its rules accept, each message once. */
   private static void assertReceived(Map<HaSubscriber, Set<Integer>> expected) throws Exception {
      for (Map.Entry<HaSubscriber, Set<Integer>> e : expected.entrySet()) {
         HaSubscriber subscriber = e.getKey();
         Set<Integer> received = subscriber.awaitReceived(e.getValue(), 60);
         Set<Integer> lost = new TreeSet<>(e.getValue());
         lost.removeAll(received);
         Set<Integer> unexpected = new TreeSet<>(received);
         unexpected.removeAll(e.getValue());
         assertThat(lost).as("%s: messages its rule accepts that never arrived", subscriber.name()).isEmpty();
         assertThat(unexpected).as("%s: messages its rule rejects that arrived", subscriber.name()).isEmpty();
         assertThat(subscriber.duplicates()).as("%s: messages received again after a confirmed commit", subscriber.name())
               .isEmpty();
      }
   }

   /**
    * A non-durable subscription loses what its queue held when the primary died (Artemis keeps no non-durable queue
    * through a failover), but its client creates it again on the backup with its raw rule: from then on it receives
    * what its rule accepts, and never anything else.
    */
   private static void assertNonDurable(HaSubscriber subscriber, Set<Integer> afterFailover, Set<Integer> accepted)
         throws Exception {
      Set<Integer> received = subscriber.awaitReceived(afterFailover, 60);
      assertThat(received).as("%s: what its rule accepts, published once it had failed over", subscriber.name())
            .containsAll(afterFailover);
      Set<Integer> unexpected = new TreeSet<>(received);
      unexpected.removeAll(accepted);
      assertThat(unexpected).as("%s: messages its rule rejects that arrived", subscriber.name()).isEmpty();
      assertThat(subscriber.duplicates()).as("%s: received again after a confirmed commit", subscriber.name()).isEmpty();
   }

   private static String summary(Map<HaSubscriber, Set<Integer>> expected) {
      StringBuilder out = new StringBuilder();
      expected.forEach((subscriber, seqs) -> out.append(subscriber.name()).append(' ').append(seqs.size())
            .append(" received (").append(subscriber.rolledBack()).append(" batches rolled back by failover, commits of "
            + "unknown outcome: ").append(subscriber.unknownOutcomes()).append(") "));
      return out.toString().trim();
   }

   private static long millis(long from, long to) {
      return TimeUnit.NANOSECONDS.toMillis(to - from);
   }
}
