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
package io.rulefilter.artemis.routing;

import io.rulefilter.message.AttributeKey;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.apache.activemq.artemis.utils.collections.TypedProperties;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A publisher may send a message with tens of thousands of properties. Read once for the index, it must answer as the
 * message does, cost no more per lookup than a small message, and leave the routing thread no larger than before.
 */
class ManyPropertiesTest {

   private static final int MANY = 50_000;

   private static CoreMessage messageWith(int properties) {
      CoreMessage message = new CoreMessage(1, 256);
      for (int i = 0; i < properties; i++) {
         message.putIntProperty(SimpleString.of("filler" + i), i);
      }
      message.putStringProperty("airline", "CA");
      return message;
   }

   @Test
   void aMessageWithManyPropertiesIsReadAsThroughTheMessage() {
      CoreMessage message = messageWith(MANY);
      ArtemisMessageView direct = new ArtemisMessageView("JMSType").of(message);
      ArtemisMessageView once = new ArtemisMessageView("JMSType").readOnce(message);
      for (String key : new String[] {"airline", "filler0", "filler49999", "absent"}) {
         AttributeKey attribute = new AttributeKey(key);
         assertThat(once.attribute(attribute)).as(key).isEqualTo(direct.attribute(attribute));
      }
      assertThat(once.hasProperty(SimpleString.of("absent"))).isFalse();
      assertThat(once.anyKey(k -> k.toString().equals("filler49999"))).isTrue();
      assertThat(once.anyKey(k -> k.toString().equals("absent"))).isFalse();
   }

   @Test
   void aLookupCostsAboutTheSameWhateverTheMessageSize() {
      ArtemisMessageView view = new ArtemisMessageView("JMSType").readOnce(messageWith(MANY));
      SimpleString absent = SimpleString.of("absent");
      long start = System.nanoTime();
      for (int i = 0; i < 200_000; i++) {
         assertThat(view.hasProperty(absent)).isFalse();
      }
      long millis = (System.nanoTime() - start) / 1_000_000;
      // a scan over every property costs 200,000 × 50,000 comparisons, seconds; a hashed lookup, milliseconds
      assertThat(millis).as("200,000 lookups in a message of %d properties, ms", MANY).isLessThan(1_000);
   }

   @Test
   void theRoutingThreadKeepsLittleAfterALargeMessage() {
      ArtemisMessageView view = new ArtemisMessageView("JMSType");
      view.readOnce(messageWith(MANY)).release();
      view.readOnce(messageWith(5)).release();
      assertThat(view.retained()).as("properties' room kept by the thread").isLessThanOrEqualTo(PropertySnapshot.MAX_PROPERTIES);
   }

   @Test
   void aSnapshotHoldsUpToItsLimitAndNoMore() {
      TypedProperties properties = new TypedProperties();
      for (int i = 0; i < PropertySnapshot.MAX_PROPERTIES; i++) {
         properties.putIntProperty(SimpleString.of("k" + i), i);
      }
      PropertySnapshot snapshot = new PropertySnapshot();
      assertThat(snapshot.load(properties)).isTrue();
      assertThat(snapshot.get(SimpleString.of("k" + (PropertySnapshot.MAX_PROPERTIES - 1))))
            .isEqualTo(PropertySnapshot.MAX_PROPERTIES - 1);
      properties.putIntProperty(SimpleString.of("one more"), -1);
      assertThat(snapshot.load(properties)).as("one more than it holds").isFalse();
      assertThat(snapshot.size()).isZero();
      assertThat(snapshot.get(SimpleString.of("k0"))).as("nothing of the message kept").isNull();
   }
}
