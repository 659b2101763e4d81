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

import io.rulefilter.e2e.Scratch;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A primary/backup pair of stock 2.56.0 instances made as the manual's "An HA pair" says: its {@code artemis create}
 * lines for the kind of pair (read from the manual, with loopback addresses and free ports for its host names), its
 * broker.xml lines for fail-back, and RuleFilter installed in both exactly as in one instance.
 */
final class HaPair implements AutoCloseable {

   /** What Artemis logs when a backup has announced itself to its primary. */
   static final String BACKUP_ANNOUNCED = "AMQ221031";
   static final String CHECK_FOR_ACTIVE_SERVER = "<check-for-active-server>true</check-for-active-server>";
   static final String ALLOW_FAILBACK = "<allow-failback>true</allow-failback>";
   /** The JMX connector as etc/management.xml has it, and as the manual turns it on. */
   static final String JMX_CONNECTOR_OFF = "<!--<connector connector-port=\"1099\"/>-->";
   static final String JMX_CONNECTOR = "<connector connector-host=\"127.0.0.1\" connector-port=\"1099\"/>";
   private static final String CREATE = "apache-artemis-2.56.0/bin/artemis create --user admin --password admin "
         + "--require-login --silent ";

   enum Mode {
      REPLICATION("# replication"), SHARED_STORE("# shared store");

      private final String readmeComment;

      Mode(String readmeComment) {
         this.readmeComment = readmeComment;
      }
   }

   private final Mode mode;
   private final StockArtemis primary;
   private final StockArtemis backup;

   private HaPair(Mode mode, StockArtemis primary, StockArtemis backup) {
      this.mode = mode;
      this.primary = primary;
      this.backup = backup;
   }

   static HaPair create(Mode mode) throws Exception {
      Path parent = Scratch.directory("rulefilter-ha");
      int primaryOffset = StockArtemis.freePortOffset();
      int backupOffset = StockArtemis.freePortOffset(primaryOffset);
      List<String> lines = readmeCreateLines(mode);
      StockArtemis[] pair = new StockArtemis[2];
      for (int i = 0; i < 2; i++) {
         List<String> words = new ArrayList<>(Arrays.asList(lines.get(i).substring(CREATE.length()).split(" +")));
         String name = words.remove(words.size() - 1);
         pair[i] = StockArtemis.create(parent, name, i == 0 ? primaryOffset : backupOffset, words.stream()
               .map(word -> word.replace("primary-host:61616", "127.0.0.1:" + (61616 + primaryOffset))
                     .replace("backup-host:61616", "127.0.0.1:" + (61616 + backupOffset))
                     .replace("/mnt/shared/airport", parent.resolve("shared").toString()))
               .toArray(String[]::new));
      }
      if (mode == Mode.REPLICATION) {
         pair[0].editEtc("broker.xml", xml -> xml.replace("<primary>", "<primary>\n" + CHECK_FOR_ACTIVE_SERVER));
         pair[1].editEtc("broker.xml", xml -> xml.replace("<backup/>", "<backup>\n" + ALLOW_FAILBACK + "\n</backup>"));
      }
      for (StockArtemis broker : pair) {
         broker.editEtc("management.xml", xml -> xml.replace(JMX_CONNECTOR_OFF,
               JMX_CONNECTOR.replace("1099", Integer.toString(broker.jmxPort()))));
      }
      return new HaPair(mode, pair[0].installPlugin(), pair[1].installPlugin());
   }

   /** The {@code artemis create} lines of the pair in docs/clusters.md, the primary's first, checked for what a test needs. */
   private static List<String> readmeCreateLines(Mode mode) throws IOException {
      String section = Docs.section(Docs.CLUSTERS, "## An HA pair");
      for (String setting : List.of(CHECK_FOR_ACTIVE_SERVER, ALLOW_FAILBACK, JMX_CONNECTOR)) {
         if (!section.contains(setting)) {
            throw new IllegalStateException("the manual's HA pair does not show " + setting);
         }
      }
      List<String> lines = new ArrayList<>();
      boolean inMode = false;
      for (String line : section.lines().map(String::trim).toList()) {
         if (line.startsWith("#")) {
            inMode = line.startsWith(mode.readmeComment);
         } else if (inMode && line.startsWith(CREATE)) {
            lines.add(line);
         }
      }
      if (lines.size() != 2 || lines.get(0).contains(" --backup ") || !lines.get(1).contains(" --backup ")
            || lines.stream().anyMatch(line -> line.contains(" --host "))) {
         throw new IllegalStateException("the manual's HA pair shows no primary and backup lines for " + mode + ": " + lines);
      }
      return lines;
   }

   /** Starts the primary, then the backup, returning once the backup has announced itself (and is in sync). */
   HaPair start() throws Exception {
      primary.start();
      backup.startUntil(BACKUP_ANNOUNCED);
      return this;
   }

   /** Waits until the backup has taken over (Artemis logs it differently for each kind of pair). */
   void awaitBackupActive(long seconds) throws Exception {
      backup.awaitLog(mode == Mode.REPLICATION ? "AMQ221007: Server is now active" : "AMQ221010: Backup Server is now active",
            1, seconds);
   }

   StockArtemis primary() {
      return primary;
   }

   StockArtemis backup() {
      return backup;
   }

   /** The URL a core (JMS) client of the pair uses, as the manual says, with the retry interval a test wants. */
   String clientUrl() {
      return "(tcp://127.0.0.1:" + primary.corePort() + ",tcp://127.0.0.1:" + backup.corePort()
            + ")?ha=true&reconnectAttempts=-1&callTimeout=5000&retryInterval=100&retryIntervalMultiplier=1.0";
   }

   @Override
   public void close() throws Exception {
      try {
         backup.close();
      } finally {
         primary.close();
      }
   }
}
