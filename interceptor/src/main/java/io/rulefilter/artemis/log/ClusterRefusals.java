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

/**
 * Refusals of what another cluster node sends through the operations between nodes: a batch of shared subscription
 * states that is not well formed, an epoch no node can have. The sending node logs the refusal (RFL2606, RFL2610).
 */
public final class ClusterRefusals {

   private static final Logger LOG = LoggerFactory.getLogger("io.rulefilter.artemis.cluster");

   private static final LogMessage BATCH_TOO_LARGE = LogMessage.thrown(LOG, 4101,
         "{} states in one batch; at most {}");
   private static final LogMessage STATES_NOT_AN_ARRAY = LogMessage.thrown(LOG, 4102,
         "the states are not a JSON array: {}");
   private static final LogMessage STATE_NOT_AN_OBJECT = LogMessage.thrown(LOG, 4103,
         "state {} is not a JSON object");
   private static final LogMessage STATE_FIELD_MISSING = LogMessage.thrown(LOG, 4104,
         "state {} has no {}");
   private static final LogMessage STATE_FIELD_NOT_TEXT = LogMessage.thrown(LOG, 4105,
         "state {}: {} is not a string");
   private static final LogMessage STATE_ENABLED_NOT_FLAG = LogMessage.thrown(LOG, 4106,
         "state {}: enabled is not true or false");
   private static final LogMessage STATE_CHANGED_AT_NOT_NUMBER = LogMessage.thrown(LOG, 4107,
         "state {}: changedAt is not a number");
   private static final LogMessage STATE_CHANGED_AT_NOT_WHOLE = LogMessage.thrown(LOG, 4108,
         "state {}: changedAt is not a whole number of milliseconds");
   private static final LogMessage EPOCH_IMPLAUSIBLE = LogMessage.thrown(LOG, 4109,
         "epoch {} is no cluster node's: it must lie between {} (2020) and {} (a minute from now, in microseconds)");

   private ClusterRefusals() {
   }

   public static IllegalArgumentException batchTooLarge(int states, int most) {
      return new IllegalArgumentException(BATCH_TOO_LARGE.formatted(states, most));
   }

   public static IllegalArgumentException statesNotAnArray(String reason) {
      return new IllegalArgumentException(STATES_NOT_AN_ARRAY.formatted(reason));
   }

   /** {@code state}: its place in the batch, from 1. */
   public static IllegalArgumentException stateNotAnObject(int state) {
      return new IllegalArgumentException(STATE_NOT_AN_OBJECT.formatted(state));
   }

   public static IllegalArgumentException stateFieldMissing(int state, String field) {
      return new IllegalArgumentException(STATE_FIELD_MISSING.formatted(state, field));
   }

   public static IllegalArgumentException stateFieldNotText(int state, String field) {
      return new IllegalArgumentException(STATE_FIELD_NOT_TEXT.formatted(state, field));
   }

   public static IllegalArgumentException stateEnabledNotFlag(int state) {
      return new IllegalArgumentException(STATE_ENABLED_NOT_FLAG.formatted(state));
   }

   public static IllegalArgumentException stateChangedAtNotNumber(int state) {
      return new IllegalArgumentException(STATE_CHANGED_AT_NOT_NUMBER.formatted(state));
   }

   public static IllegalArgumentException stateChangedAtNotWhole(int state) {
      return new IllegalArgumentException(STATE_CHANGED_AT_NOT_WHOLE.formatted(state));
   }

   public static IllegalArgumentException epochImplausible(long epoch, long floor, long latest) {
      return new IllegalArgumentException(EPOCH_IMPLAUSIBLE.formatted(epoch, floor, latest));
   }
}
