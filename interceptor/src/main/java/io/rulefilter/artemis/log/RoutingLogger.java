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

/** Messages of routing: how each address is routed, its index bindings, rules that fail on a message. */
public final class RoutingLogger {

   private static final Logger LOG = LoggerFactory.getLogger("io.rulefilter.artemis.routing");

   private static final LogMessage ROUTED_THROUGH_INDEX = LogMessage.info(LOG, 1201,
         "address '{}' is routed through its index ({})");
   private static final LogMessage ROUTED_QUEUE_BY_QUEUE = LogMessage.info(LOG, 1202,
         "address '{}' is routed queue by queue: {}");
   /** The same words as 1202 at debug level: the address stays queue by queue, it has too few subscriptions. */
   private static final LogMessage STILL_QUEUE_BY_QUEUE = LogMessage.debug(LOG, 1203,
         "address '{}' is routed queue by queue: {}");
   private static final LogMessage INDEX_BINDING_NOT_ADDED = LogMessage.warn(LOG, 2201,
         "could not add the index binding of address '{}'");
   private static final LogMessage INDEX_BINDING_NOT_REMOVED = LogMessage.warn(LOG, 2202,
         "could not remove the index binding '{}'; it declines every message");
   private static final LogMessage CACHED_ROUTES_NOT_REFRESHED = LogMessage.warn(LOG, 2203,
         "could not refresh the cached routes through queue '{}'");
   private static final LogMessage BINDINGS_NOT_LOOKED_UP = LogMessage.warn(LOG, 2204,
         "could not look up the bindings of address '{}'; it is routed queue by queue");
   private static final LogMessage INDEX_REBUILT = LogMessage.warn(LOG, 2205,
         "the index of address '{}' could not take a change in one step; it is rebuilt");
   private static final LogMessage INDEX_NOT_BUILT = LogMessage.warn(LOG, 2206,
         "the index of address '{}' could not be built; it is routed queue by queue");
   private static final LogMessage RULE_FAILED = LogMessage.warn(LOG, 2501,
         "a rule failed to decide a message ({}); the message is kept out of that subscription ({} such failures so far)");

   private RoutingLogger() {
   }

   public static void routedThroughIndex(Object address, String why) {
      ROUTED_THROUGH_INDEX.log(address, why);
   }

   public static void routedQueueByQueue(Object address, String why) {
      ROUTED_QUEUE_BY_QUEUE.log(address, why);
   }

   public static void stillQueueByQueue(Object address, String why) {
      STILL_QUEUE_BY_QUEUE.log(address, why);
   }

   public static void indexBindingNotAdded(Object address, Throwable cause) {
      INDEX_BINDING_NOT_ADDED.log(address, cause);
   }

   public static void indexBindingNotRemoved(Object binding, Throwable cause) {
      INDEX_BINDING_NOT_REMOVED.log(binding, cause);
   }

   public static void cachedRoutesNotRefreshed(Object queue, Throwable cause) {
      CACHED_ROUTES_NOT_REFRESHED.log(queue, cause);
   }

   public static void bindingsNotLookedUp(Object address, Throwable cause) {
      BINDINGS_NOT_LOOKED_UP.log(address, cause);
   }

   public static void indexRebuilt(Object address, Throwable cause) {
      INDEX_REBUILT.log(address, cause);
   }

   public static void indexNotBuilt(Object address, Throwable cause) {
      INDEX_NOT_BUILT.log(address, cause);
   }

   /** Callers say it at most once a minute, with the count so far. */
   public static void ruleFailed(Object where, long failures, Throwable failure) {
      RULE_FAILED.log(where, failures, failure);
   }
}
