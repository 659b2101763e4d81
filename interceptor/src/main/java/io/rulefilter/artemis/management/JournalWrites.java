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

import io.rulefilter.artemis.log.ManagementLogger;
import io.rulefilter.artemis.log.ManagementRefusals;
import org.apache.activemq.artemis.core.persistence.StorageManager;
import org.apache.activemq.artemis.core.persistence.impl.journal.OperationContextImpl;

import java.util.function.Supplier;

/**
 * Writes a rule change to the journal before it is put in force: a change that cannot be stored, or that the journal
 * (replication to the backup included) does not confirm, must change nothing; one that is put in force must survive a
 * failover to the backup.
 */
final class JournalWrites {

   interface Write {
      void run() throws Exception;
   }

   private final Supplier<StorageManager> storage;
   private final long confirmTimeoutMs;

   JournalWrites(Supplier<StorageManager> storage, long confirmTimeoutMs) {
      this.storage = storage;
      this.confirmTimeoutMs = confirmTimeoutMs;
   }

   /**
    * Stores synchronously, then waits until the journal has confirmed everything this thread wrote, replication to a
    * backup included (Artemis sends it after the local write returns). A change not confirmed in time is refused:
    * {@code undo} writes back the record it replaced, so that this broker's next start loads what stays in force
    * (a backup that got the change gets the undo after it, in order).
    * <p>
    * The write binds an operation context to a thread that has none (a JMX or Jolokia thread), tied to this life's
    * executor; it is cleared afterwards, as Artemis's own management controls do, so that a pooled thread that outlives
    * the life (a fail-back in one JVM) does not wait on a shut-down executor. A call through the management address
    * runs within its session's context, which stays: the session's own response waits on it.
    */
   void store(Write write, Write undo) {
      boolean boundHere = OperationContextImpl.getContext() == null;
      try {
         storeBound(write, undo);
      } finally {
         if (boundHere) {
            OperationContextImpl.clearContext();
         }
      }
   }

   private void storeBound(Write write, Write undo) {
      try {
         write.run();
      } catch (Exception e) {
         ManagementLogger.changeNotStored(e);
         throw ManagementRefusals.changeNotStored(e);
      }
      String unconfirmed = unconfirmed();
      if (unconfirmed == null) {
         return;
      }
      try {
         undo.run();
      } catch (Exception e) {
         ManagementLogger.refusedChangeNotWrittenBack(unconfirmed, e);
         throw ManagementRefusals.refusedChangeKept(unconfirmed, e);
      }
      ManagementLogger.changeNotConfirmed(unconfirmed);
      throw ManagementRefusals.changeNotConfirmed(unconfirmed);
   }

   /** Null when the journal confirmed; else why not. */
   private String unconfirmed() {
      try {
         return storage.get().waitOnOperations(confirmTimeoutMs) ? null
               : "not within " + confirmTimeoutMs + " ms: is replication to the backup stuck?";
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
         return "interrupted while waiting";
      } catch (Exception e) {
         return "waiting failed: " + e;
      }
   }
}
