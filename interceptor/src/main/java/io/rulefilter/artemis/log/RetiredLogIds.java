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

import java.util.Map;

/** Ids that once named a message and no longer do. Operators' alerts may still match them: never give one a new meaning. */
final class RetiredLogIds {

   /** Each retired id and what it said. */
   static final Map<Integer, String> IDS = Map.of(
         2003, "the broker is part of a cluster: messages published on another node reach this one (before clustered routing)",
         2004, "a rule change was not confirmed by the journal in time (such a change is now refused, and logged as an error)",
         2601, "other cluster nodes could not be told to forward every message to this one");

   private RetiredLogIds() {
   }
}
