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
import io.rulefilter.e2e.Scratch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Upgrading to version 2 of the rule language: a stock instance's journal, written by the release before it (the
 * fixture {@code journal-v1.zip}), loads with every rule keeping its version 1 meaning, messages that waited are
 * delivered, and a subscriber that sends again the raw text it sent before keeps its subscription; a new subscriber
 * sending such a text gets its version 1 meaning with warning RFL2108. Texts that version 2 reads otherwise are here
 * on purpose: bare values starting with {@code (}, which version 1 read as text. The fixture was written by
 * {@link #writeTheFixture} on commit 801eb6e, the last before version 2.
 */
class JournalUpgradeTest {

   static final String FIXTURE = "/journal-v1.zip";
   static final String FLIGHTS = "upgrade.flights";
   static final String STATIONS = "upgrade.stations";
   /** Version 1: the text {@code (CA1}; version 2 would read a list that is never closed. */
   static final String SENT_RAW = "flight weq (CA1";
   static final String MANAGED = "remark beg (urgent";
   static final String ADDRESS_RULE = "station weq (PEK";
   static final String EXACT = "@tag beg BS and airline weq CA";

   /** Writes the fixture with the release installed in this build: run on the release before version 2 only. */
   @Test
   @EnabledIfSystemProperty(named = "rulefilter.writeJournalFixture", matches = ".+")
   void writeTheFixture() throws Exception {
      try (StockArtemis broker = StockArtemis.create(Scratch.directory("rulefilter-journal-writer")).installPlugin().start()) {
         try (JakartaJmsClient client = JakartaJmsClient.core(broker.corePort())) {
            client.subscribe(FLIGHTS, "sent-raw", SENT_RAW).close();
            client.subscribe(FLIGHTS, "managed", null).close();
            client.subscribe(FLIGHTS, "exact", EXACT).close();
            client.subscribe(STATIONS, "by-address", null).close();
         }
         broker.setRule(FLIGHTS, "managed", MANAGED);
         try (ManagementClient management = new ManagementClient("tcp://127.0.0.1:" + broker.corePort(), StockArtemis.USER,
               StockArtemis.PASSWORD)) {
            management.invoke("setAddressRule", STATIONS, ADDRESS_RULE);
         }
         publish(broker, waiting());
         broker.close();
         zip(broker.instance().resolve("data"), Path.of(System.getProperty("rulefilter.writeJournalFixture")));
      }
   }

   @Test
   void aJournalOfTheReleaseBeforeLoadsWithEveryRuleKeepingItsMeaning() throws Exception {
      try (StockArtemis broker = StockArtemis.create(Scratch.directory("rulefilter-journal-upgrade")).installPlugin()) {
         unzip(broker.instance().resolve("data"));
         broker.start();
         try (JakartaJmsClient client = JakartaJmsClient.core(broker.corePort())) {
            // what waited through the upgrade, then what is published after it: both by the version 1 meaning
            List<AirportMessage> after = afterUpgrade();
            publish(broker, after);
            List<AirportMessage> all = new ArrayList<>(waiting());
            all.addAll(after);
            try (AirportClient.Subscriber raw = client.subscribe(FLIGHTS, "sent-raw", SENT_RAW);
                 AirportClient.Subscriber managed = client.subscribe(FLIGHTS, "managed", null);
                 AirportClient.Subscriber exact = client.subscribe(FLIGHTS, "exact", EXACT);
                 AirportClient.Subscriber byAddress = client.subscribe(STATIONS, "by-address", null)) {
               assertThat(raw.drain(500)).as(SENT_RAW).isEqualTo(expected(all, "flight weq '(CA1'"));
               assertThat(managed.drain(500)).as(MANAGED).isEqualTo(expected(all, "remark beg '(urgent'"));
               assertThat(exact.drain(500)).as(EXACT).isEqualTo(expected(all, EXACT));
               assertThat(byAddress.drain(500)).as(ADDRESS_RULE).isEqualTo(expected(all, "station weq '(PEK'"));
            }
            assertThat(broker.logContains("RFL2105")).as("no stored rule failed to parse").isFalse();
            assertThat(broker.logContains("RFL1101")).as("no stored state was dropped").isFalse();
            // a new subscriber's bare '(' opens a list
            try (AirportClient.Subscriber list = client.subscribe(FLIGHTS, "new-list", "flight weq (CA1, MU2)")) {
               List<AirportMessage> fresh = afterUpgrade();
               publish(broker, fresh);
               assertThat(list.drain(500)).isEqualTo(expected(fresh, "flight weq (CA1, MU2)"));
            }
            // the durable subscription kept its queue (the client was shown the text it sent); a new one that sends
            // the same version 1 text now keeps that meaning too, with a warning to quote it
            try (AirportClient.Subscriber again = client.subscribe(FLIGHTS, "sent-raw-again", SENT_RAW)) {
               List<AirportMessage> fresh = afterUpgrade();
               publish(broker, fresh);
               assertThat(again.drain(500)).isEqualTo(expected(fresh, "flight weq '(CA1'"));
            }
            assertThat(broker.logContains("RFL2108")).as("the version 1 text sent after the upgrade").isTrue();
         }
      }
   }

   private static List<AirportMessage> waiting() {
      return messages(1);
   }

   private int seq = 1000;

   private List<AirportMessage> afterUpgrade() {
      List<AirportMessage> out = messages(seq);
      seq += out.size();
      return out;
   }

   /** Messages whose values are and are not the version 1 meaning of the rules, with and without the '('. */
   private static List<AirportMessage> messages(int from) {
      List<AirportMessage> out = new ArrayList<>();
      int seq = from;
      for (String value : new String[] {"(CA1", "CA1", "MU2", "(urgent call", "urgent", "(PEK", "PEK"}) {
         for (String tag : new String[] {"BSM", "MVT"}) {
            out.add(new AirportMessage(seq++, tag, Map.of("flight", value, "remark", value, "station", value,
                  "airline", value.startsWith("(") ? "CA" : "MU")));
         }
      }
      return out;
   }

   private static void publish(StockArtemis broker, List<AirportMessage> messages) throws Exception {
      try (JakartaJmsClient client = JakartaJmsClient.core(broker.corePort())) {
         client.publish(FLIGHTS, messages);
         client.publish(STATIONS, messages);
      }
   }

   private static List<Integer> expected(List<AirportMessage> messages, String rule) {
      return messages.stream().filter(m -> m.acceptedBy(rule)).map(AirportMessage::seq).toList();
   }

   private static void zip(Path directory, Path to) throws IOException {
      try (OutputStream file = Files.newOutputStream(to); ZipOutputStream zip = new ZipOutputStream(file);
           Stream<Path> paths = Files.walk(directory)) {
         for (Path path : paths.filter(Files::isRegularFile).toList()) {
            zip.putNextEntry(new ZipEntry(directory.relativize(path).toString()));
            Files.copy(path, zip);
            zip.closeEntry();
         }
      }
   }

   private static void unzip(Path into) throws IOException {
      try (InputStream fixture = JournalUpgradeTest.class.getResourceAsStream(FIXTURE)) {
         assertThat(fixture).as("the fixture " + FIXTURE).isNotNull();
         try (ZipInputStream zip = new ZipInputStream(fixture)) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
               Path target = into.resolve(entry.getName()).normalize();
               assertThat(target.startsWith(into)).as(entry.getName()).isTrue();
               Files.createDirectories(target.getParent());
               Files.copy(zip, target);
            }
         }
      }
   }
}
