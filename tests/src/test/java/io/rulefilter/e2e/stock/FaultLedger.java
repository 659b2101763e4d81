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

import io.rulefilter.client.ManagementClient;
import io.rulefilter.e2e.stock.FaultCluster.Subscription;
import io.rulefilter.selector.RuleSelector;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the fault tests published, with the rules in force meanwhile, and what each subscription received: a
 * subscription must get every confirmed message its rule accepted when it was published, each once, and nothing else;
 * a message whose send failed (its node died under it) may be absent, but never twice.
 */
final class FaultLedger {

   private static final String[] AIRLINES = {"CA", "MU", "CZ"};

   /**
    * One message sent: whether its node confirmed it, and each subscription's rule while it was published (none for a
    * subscription that could not get it).
    */
   record Sent(AirportMessage message, boolean confirmed, Map<String, String> rules) {
   }

   private final Map<String, String> rules = new HashMap<>();
   private final Map<String, Set<String>> everyRule = new HashMap<>();
   private final List<Sent> sent = new CopyOnWriteArrayList<>();
   private final Map<String, List<Integer>> received = new HashMap<>();

   FaultLedger() {
      for (Subscription subscription : FaultCluster.SUBSCRIPTIONS) {
         rules.put(subscription.name(), subscription.rule());
         everyRule.computeIfAbsent(subscription.name(), n -> new LinkedHashSet<>()).add(subscription.rule());
         received.put(subscription.name(), new ArrayList<>());
      }
   }

   /** Messages {@code first} to {@code first + count - 1}; node {@code seq % nodes} publishes each (round-robin). */
   static List<AirportMessage> messages(int first, int count) {
      List<AirportMessage> messages = new ArrayList<>();
      for (int seq = first; seq < first + count; seq++) {
         // the airline varies with seq / 3, so that every node publishes every airline
         messages.add(new AirportMessage(seq, "BSM", Map.of("airline", AIRLINES[(seq / 3) % 3],
               "bagCount", Integer.toString(seq * 7 % 10))));
      }
      return messages;
   }

   /**
    * Publishing starts only between rule changes: the rules in force are those of the ledger at this moment. The
    * subscriptions {@code away} (held by a node that was stopped cleanly) get none of these messages: Artemis's
    * other nodes drop the bindings of a node that leaves the cluster, with or without RuleFilter.
    */
   FaultPublishing publish(List<StockArtemis> nodes, List<AirportMessage> messages, StockArtemis mayFail,
         String... away) {
      Map<String, String> inForce = new HashMap<>(rules);
      inForce.keySet().removeAll(List.of(away));
      return new FaultPublishing(nodes, messages, mayFail, (message, confirmed) ->
            sent.add(new Sent(message, confirmed, inForce)));
   }

   /**
    * Sets {@code subscription}'s rule through management on {@code node} (no publishing meanwhile) and waits until
    * every running node holding a queue of it has the rule in force.
    */
   void setRule(FaultCluster cluster, int node, String subscription, String rule) throws Exception {
      Subscription target = subscription(subscription);
      cluster.node(node).setRule(FaultCluster.ADDRESS, target.queue(), rule);
      for (int holder : target.holders()) {
         if (cluster.node(holder).running()) {
            awaitRule(cluster, holder, subscription, rule);
         }
      }
      rules.put(subscription, rule);
      everyRule.get(subscription).add(rule);
   }

   /** Waits until node {@code holder}'s queue of {@code subscription} has {@code rule} in force. */
   static void awaitRule(FaultCluster cluster, int holder, String subscription, String rule) throws Exception {
      String queue = subscription(subscription).queue();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      try (ManagementClient management = new ManagementClient("tcp://127.0.0.1:" + cluster.node(holder).corePort(),
            StockArtemis.USER, StockArtemis.PASSWORD)) {
         for (String state; !(state = management.invoke("getRule", FaultCluster.ADDRESS, queue).toString())
               .contains(rule); Thread.sleep(100)) {
            if (System.nanoTime() > deadline) {
               throw new AssertionError("node " + (holder + 1) + " did not take rule '" + rule + "' of " + subscription
                     + " within 60 s: " + state);
            }
         }
      }
   }

   /**
    * Consumes every subscription on every node holding it until each confirmed message it must get has come (or
    * 120 s passed), then until nothing more comes for a while (what came twice, or should not have, shows then).
    */
   void drain(FaultCluster cluster) throws Exception {
      for (Subscription subscription : FaultCluster.SUBSCRIPTIONS) {
         List<Integer> got = received.get(subscription.name());
         Set<Integer> due = mustReceive(subscription.name());
         List<JakartaJmsClient> clients = new ArrayList<>();
         List<AirportClient.Subscriber> subscribers = new ArrayList<>();
         try {
            for (int holder : subscription.holders()) {
               JakartaJmsClient client = JakartaJmsClient.amqp(cluster.node(holder).corePort());
               clients.add(client);
               subscribers.add(client.subscribe(FaultCluster.ADDRESS, subscription.name(),
                     RuleSelector.of(subscription.rule())));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!new HashSet<>(got).containsAll(due) && System.nanoTime() < deadline) {
               for (AirportClient.Subscriber subscriber : subscribers) {
                  String body = subscriber.nextBody(100);
                  if (body != null) {
                     got.add(AirportMessage.seqOf(body));
                  }
               }
            }
            for (boolean quiet = false; !quiet; ) {
               quiet = true;
               for (AirportClient.Subscriber subscriber : subscribers) {
                  for (String body; (body = subscriber.nextBody(1_500)) != null; quiet = false) {
                     got.add(AirportMessage.seqOf(body));
                  }
               }
            }
         } finally {
            for (JakartaJmsClient client : clients) {
               client.close();
            }
         }
      }
   }

   /** Every subscription got exactly what it must, each once; a failed send at most once and only if its rule takes it. */
   void assertExact() {
      for (Subscription subscription : FaultCluster.SUBSCRIPTIONS) {
         String name = summary() + " -- " + subscription.name();
         List<Integer> got = received.get(subscription.name());
         Map<Integer, Long> twice = got.stream().collect(Collectors.groupingBy(seq -> seq, Collectors.counting()))
               .entrySet().stream().filter(e -> e.getValue() > 1)
               .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
         assertThat(twice).as(name + ": messages received more than once (seq -> times)").isEmpty();
         Set<Integer> missing = new HashSet<>(mustReceive(subscription.name()));
         missing.removeAll(got);
         assertThat(missing).as(name + ": confirmed messages its rule accepted, never received").isEmpty();
         Set<Integer> unexpected = new HashSet<>(got);
         unexpected.removeAll(mayReceive(subscription.name()));
         assertThat(unexpected).as(name + ": messages received that its rule rejected or that were never sent").isEmpty();
      }
   }

   /** Sends, failed sends, and per subscription the messages received / the confirmed ones it must get. */
   String summary() {
      StringBuilder out = new StringBuilder("sent " + sent.size() + ", failed " + failed());
      for (Subscription subscription : FaultCluster.SUBSCRIPTIONS) {
         out.append("; ").append(subscription.name()).append(' ').append(received.get(subscription.name()).size())
               .append('/').append(mustReceive(subscription.name()).size());
      }
      return out.toString();
   }

   int confirmed() {
      return (int) sent.stream().filter(Sent::confirmed).count();
   }

   int failed() {
      return (int) sent.stream().filter(s -> !s.confirmed()).count();
   }

   private Set<Integer> mustReceive(String subscription) {
      return sent.stream().filter(s -> s.confirmed() && s.rules().containsKey(subscription)
                  && s.message().acceptedBy(s.rules().get(subscription)))
            .map(s -> s.message().seq()).collect(Collectors.toSet());
   }

   /**
    * What must come, and the failed sends any rule of the subscription accepts: a failed send the node stored anyway
    * may be forwarded after its restart and judged by a rule put in force since.
    */
   private Set<Integer> mayReceive(String subscription) {
      Set<Integer> may = mustReceive(subscription);
      for (Sent s : sent) {
         if (!s.confirmed() && s.rules().containsKey(subscription)
               && everyRule.get(subscription).stream().anyMatch(rule -> s.message().acceptedBy(rule))) {
            may.add(s.message().seq());
         }
      }
      return may;
   }

   private static Subscription subscription(String name) {
      return FaultCluster.SUBSCRIPTIONS.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
   }
}
