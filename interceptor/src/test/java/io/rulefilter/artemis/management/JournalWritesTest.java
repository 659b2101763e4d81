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

import io.rulefilter.artemis.testing.InVmBroker;
import org.apache.activemq.artemis.core.persistence.OperationContext;
import org.apache.activemq.artemis.core.persistence.StorageManager;
import org.apache.activemq.artemis.core.persistence.config.PersistedKeyValuePair;
import org.apache.activemq.artemis.core.persistence.impl.journal.OperationContextImpl;
import org.apache.activemq.artemis.core.persistence.impl.nullpm.NullStorageManager;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A change is put in force only once it is stored; Artemis's own storage of a broker without persistence. */
class JournalWritesTest {

   @Test
   void aStoredWriteReturnsOnceTheJournalHasConfirmedIt() {
      AtomicInteger writes = new AtomicInteger();
      new JournalWrites(NullStorageManager::new, 1_000).store(writes::incrementAndGet, () -> {
         throw new AssertionError("nothing to undo");
      });
      assertThat(writes).hasValue(1);
   }

   @Test
   void aWriteThatFailsIsReportedAsChangingNothing() {
      JournalWrites journal = new JournalWrites(() -> {
         throw new AssertionError("no confirmation to wait for");
      }, 1_000);
      assertThatThrownBy(() -> journal.store(() -> {
         throw new IOException("disk full");
      }, () -> {
         throw new AssertionError("nothing to undo");
      })).isInstanceOf(IllegalStateException.class).hasMessageContaining("nothing changed").hasRootCauseMessage("disk full");
   }

   /**
    * A management thread (JMX, Jolokia) is pooled and may outlive the broker's life (a fail-back in one JVM): the
    * operation context the write bound to it, tied to this life's executor, must not stay bound to it.
    */
   @Test
   void aWriteFromAThreadWithoutContextLeavesNoneBoundToIt() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         StorageManager storage = broker.server().getStorageManager();
         assertThat(OperationContextImpl.getContext()).as("the premise").isNull();
         new JournalWrites(() -> storage, 5_000).store(() -> storage.storeKeyValuePair(pair("a")), () -> {
            throw new AssertionError("nothing to undo");
         });
         assertThat(OperationContextImpl.getContext()).isNull();
      }
   }

   /** A call through the management address runs on a session's thread, within the session's context: it stays. */
   @Test
   void aWriteWithinASessionsContextLeavesThatContextBound() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         StorageManager storage = broker.server().getStorageManager();
         OperationContext session = storage.newContext(broker.server().getExecutorFactory().getExecutor());
         storage.setContext(session);
         try {
            new JournalWrites(() -> storage, 5_000).store(() -> storage.storeKeyValuePair(pair("b")), () -> {
               throw new AssertionError("nothing to undo");
            });
            assertThat(OperationContextImpl.getContext()).isSameAs(session);
         } finally {
            storage.clearContext();
         }
      }
   }

   private static PersistedKeyValuePair pair(String key) {
      return new PersistedKeyValuePair("rulefilter-test", key, "{}");
   }
}
