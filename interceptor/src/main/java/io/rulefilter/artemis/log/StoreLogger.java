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
package io.rulefilter.artemis.log;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Messages of the rule store: the plugin's records in the broker's journal. */
public final class StoreLogger {

   private static final Logger LOG = LoggerFactory.getLogger("io.rulefilter.artemis.store");

   private static final LogMessage RECORD_NOT_DROPPED = LogMessage.warn(LOG, 2101,
         "could not drop the stored record '{}'; it will be pruned at the next start");
   private static final LogMessage RECORD_UNREADABLE = LogMessage.warn(LOG, 2102,
         "skipping the unreadable stored record '{}'");

   private StoreLogger() {
   }

   public static void recordNotDropped(Object key, Throwable cause) {
      RECORD_NOT_DROPPED.log(key, cause);
   }

   public static void recordUnreadable(Object key, Throwable cause) {
      RECORD_UNREADABLE.log(key, cause);
   }
}
