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

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

import static io.rulefilter.e2e.stock.FaultLedger.messages;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Faults of one node of three stock Artemis 2.56.0 processes with RuleFilter, under persistent publishing on every
 * node and management rule changes: afterwards every subscription (one held by each node alone, one shared by all
 * three) holds exactly what its rule accepted of what was published, nothing lost, nothing twice. Rules change only
 * between phases of publishing, so that the rule a message must be judged by is the one in force while it was sent.
 */
class ClusterFaultTest {

   private static final int PHASE = 150;
   /** Artemis: a cluster bridge connected to another node. */
   private static final String BRIDGE_CONNECTED = "AMQ221027";
   /** Artemis: a connection closed because nothing came from the other side within its TTL. */
   private static final String TTL_EXPIRED = "connection TTL";

   /** What happens to node 3 while every node publishes, and how it comes back. */
   private interface Fault {
      /** Strikes node 3 while its publisher runs; returns once the other nodes publish without it. */
      void strike(FaultCluster cluster) throws Exception;

      /** Brings node 3 back. */
      void recover(FaultCluster cluster) throws Exception;
   }

   @Test
   @Timeout(value = 4, unit = TimeUnit.MINUTES)
   void aNodeKilledWhilePublishingAndRestartedLosesAndDuplicatesNothing() throws Exception {
      try (FaultCluster cluster = new FaultCluster()) {
         publishThrough(cluster, new Fault() {
            private int bridges1;
            private int bridges2;

            @Override
            public void strike(FaultCluster cluster) throws Exception {
               bridges1 = cluster.node(0).logCount(BRIDGE_CONNECTED);
               bridges2 = cluster.node(1).logCount(BRIDGE_CONNECTED);
               cluster.node(2).kill();
            }

            @Override
            public void recover(FaultCluster cluster) throws Exception {
               cluster.node(2).start(); // its data directory kept: the journal of the kill -9
               FaultCluster.awaitBridges(cluster.node(2));
               cluster.node(0).awaitLog(BRIDGE_CONNECTED, bridges1 + 1, 120);
               cluster.node(1).awaitLog(BRIDGE_CONNECTED, bridges2 + 1, 120);
            }
         });
      }
   }

   /**
    * The cluster connection's TTL is lowered to 5 s (checked every second) so that the freeze outlasts it quickly;
    * with Artemis's default (60 s, checked every 30 s) the test would wait a minute for the same failure.
    */
   @Test
   @Timeout(value = 4, unit = TimeUnit.MINUTES)
   void aNodeFrozenLongerThanTheConnectionTtlAndResumedLosesAndDuplicatesNothing() throws Exception {
      UnaryOperator<String> shortTtl = xml -> xml.replace("<connector-ref>artemis</connector-ref>",
            "<connector-ref>artemis</connector-ref>\n            <check-period>1000</check-period>"
                  + "\n            <connection-ttl>5000</connection-ttl>");
      try (FaultCluster cluster = new FaultCluster(shortTtl)) {
         publishThrough(cluster, new Fault() {
            @Override
            public void strike(FaultCluster cluster) throws Exception {
               int expired1 = cluster.node(0).logCount(TTL_EXPIRED);
               int expired2 = cluster.node(1).logCount(TTL_EXPIRED);
               cluster.node(2).freeze();
               cluster.node(0).awaitLog(TTL_EXPIRED, expired1 + 1, 120);
               cluster.node(1).awaitLog(TTL_EXPIRED, expired2 + 1, 120);
            }

            // Which of its bridges a resumed node reconnects varies (a peer may or may not have closed it first): the
            // drain that follows waits for what node 3 and the others still owe each other, the proof it is back.
            @Override
            public void recover(FaultCluster cluster) throws Exception {
               cluster.node(2).resume();
            }
         });
      }
   }

   @Test
   @Timeout(value = 4, unit = TimeUnit.MINUTES)
   void aNodeStoppedWhileRulesChangeFollowsTheNewRulesWhenItComesBack() throws Exception {
      try (FaultCluster cluster = new FaultCluster()) {
         StockArtemis node3 = cluster.node(2);
         cluster.start();
         cluster.subscribe();
         cluster.awaitBindings();
         FaultLedger ledger = new FaultLedger();
         ledger.publish(cluster.nodes(), messages(0, PHASE), null).join();

         node3.close();
         cluster.awaitBindings(List.of(0, 1)); // the others dropped node 3's queues, so they forward it nothing
         // node 3 holds a copy of gate-n1 (held by node 1) and its own queue of the shared subscription
         ledger.setRule(cluster, 0, "gate-n1", "airline weq MU");
         ledger.setRule(cluster, 0, FaultCluster.SHARED, "bagCount lt 3");
         ledger.publish(List.of(cluster.node(0), cluster.node(1)), messages(PHASE, PHASE), null, "gate-n3").join();

         node3.start();
         FaultCluster.awaitBridges(node3);
         FaultLedger.awaitRule(cluster, 2, FaultCluster.SHARED, "bagCount lt 3"); // caught up on connecting
         cluster.awaitBindings();
         ledger.publish(cluster.nodes(), messages(2 * PHASE, PHASE), null).join();
         ledger.drain(cluster);

         assertThat(ledger.failed()).as("failed sends").isZero();
         ledger.assertExact();
      }
   }

   /**
    * Phase A on every node; a rule change; phase B on every node, node 3 struck while it publishes; phase C on the
    * two others; node 3 back; every subscription drained (what node 3 stored and forwards late included); two more
    * rule changes (one of the shared subscription, taken by every node); phase D on every node; drained again.
    */
   private static void publishThrough(FaultCluster cluster, Fault fault) throws Exception {
      StockArtemis node3 = cluster.node(2);
      cluster.start();
      cluster.subscribe();
      cluster.awaitBindings();
      FaultLedger ledger = new FaultLedger();

      ledger.publish(cluster.nodes(), messages(0, PHASE), null).join();
      ledger.setRule(cluster, 1, "gate-n2", "airline weq CZ");

      FaultPublishing struck = ledger.publish(cluster.nodes(), messages(PHASE, 2 * PHASE), node3);
      struck.awaitConfirmed(2, PHASE / 5);
      fault.strike(cluster);
      ledger.publish(List.of(cluster.node(0), cluster.node(1)), messages(3 * PHASE, PHASE), null).join();
      fault.recover(cluster);
      struck.join();
      cluster.awaitBindings();
      ledger.drain(cluster);

      ledger.setRule(cluster, 2, "gate-n3", "airline weq MU");
      ledger.setRule(cluster, 0, FaultCluster.SHARED, "airline weq CA");
      ledger.publish(cluster.nodes(), messages(4 * PHASE, PHASE), null).join();
      ledger.drain(cluster);

      assertThat(ledger.failed()).as("sends node 3 failed when struck").isBetween(0, 1);
      assertThat(ledger.confirmed()).as("confirmed sends").isGreaterThan(4 * PHASE);
      ledger.assertExact();
   }
}
