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
package io.rulefilter.artemis.server;

import org.apache.activemq.artemis.core.postoffice.PostOffice;

/**
 * The broker's post office with the monitor that guards its bindings: Artemis holds it while it binds, unbinds and
 * updates addresses and calls the binding hooks, so RuleFilter's state that follows the bindings is guarded by it too.
 * Methods that need it {@code assert} {@link #isHeld()}; the test suites run with assertions on.
 */
public final class PostOfficeLock {

   private final PostOffice postOffice;

   public PostOfficeLock(PostOffice postOffice) {
      this.postOffice = postOffice;
   }

   public PostOffice postOffice() {
      return postOffice;
   }

   /** The monitor to synchronize on. */
   public Object monitor() {
      return postOffice;
   }

   /** True when the calling thread holds the monitor. */
   public boolean isHeld() {
      return Thread.holdsLock(postOffice);
   }
}
