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

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ManagementRefusalsTest {

   @Test
   void aRefusalNamingWhatDoesNotExistIsNotFoundAlsoWhenWrapped() {
      assertThat(ManagementRefusals.isNotFound(ManagementRefusals.noSuchQueue("bags").getMessage())).isTrue();
      assertThat(ManagementRefusals.isNotFound(ManagementRefusals.noSuchQueueOnAddress("bags", "events").getMessage())).isTrue();
      assertThat(ManagementRefusals.isNotFound(ManagementRefusals.noSuchAddress("events").toString())).isTrue();
   }

   @Test
   void otherRefusalsAreNotNotFound() {
      assertThat(ManagementRefusals.isNotFound(ManagementRefusals.queueRequired().getMessage())).isFalse();
      assertThat(ManagementRefusals.isNotFound(ManagementRefusals.addressOfArtemis("activemq.management").getMessage()))
            .isFalse();
      assertThat(ManagementRefusals.isNotFound(ManagementRefusals.queueOnOtherAddress("bags", "a", "b").getMessage())).isFalse();
      assertThat(ManagementRefusals.isNotFound("no queue named 'bags'")).as("the words without the id").isFalse();
   }
}
