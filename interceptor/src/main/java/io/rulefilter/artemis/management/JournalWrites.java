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
package io.rulefilter.artemis.management;

import org.apache.activemq.artemis.core.persistence.StorageManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.function.Supplier;

/**
 * Writes a rule change to the journal before it is put in force: a change that cannot be stored must change nothing,
 * and one that is put in force must survive a failover to the backup.
 */
final class JournalWrites {

   private static final Logger LOG = LoggerFactory.getLogger(JournalWrites.class);
   private static final long REPLICATION_TIMEOUT_MS = 10_000;

   interface Write {
      void run() throws Exception;
   }

   private final Supplier<StorageManager> storage;

   JournalWrites(Supplier<StorageManager> storage) {
      this.storage = storage;
   }

   /**
    * Stores synchronously, then waits until the journal has confirmed everything this thread wrote, replication to a
    * backup included (Artemis sends it after the local write returns).
    */
   void store(Write write) {
      try {
         write.run();
      } catch (Exception e) {
         LOG.error("RFL3001 RuleFilter: a rule change could not be stored in the journal; nothing changed", e);
         throw new IllegalStateException("the change could not be stored, nothing changed: " + e, e);
      }
      try {
         if (!storage.get().waitOnOperations(REPLICATION_TIMEOUT_MS)) {
            LOG.warn("RFL2004 RuleFilter: the journal did not confirm a rule change within {} ms (replication to the "
                  + "backup?); it is stored locally and applied", REPLICATION_TIMEOUT_MS);
         }
      } catch (Exception e) {
         LOG.warn("RFL2004 RuleFilter: could not wait for the journal to confirm a rule change; it is stored locally "
               + "and applied", e);
      }
   }
}
