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
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The index reads a core message's properties in one pass; every answer must be the one a read through the message
 * gives, for every property type, for keys the message lacks, and for messages larger than the snapshot's first size.
 */
class MessageViewReadOnceProperties {

   private static final List<String> KEYS = List.of("JMSType", "airline", "flight", "bagCount", "weight", "remark",
         "k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9", "k10", "k11", "k12", "k13", "k14", "k15", "k16",
         "k17", "k18", "k19", "absent", "航班");

   @Property(tries = 500)
   void readOnceAnswersAsReadingThroughTheMessage(@ForAll("messages") Map<String, Object> properties) {
      CoreMessage message = new CoreMessage(1, 256);
      properties.forEach(message::putObjectProperty);
      ArtemisMessageView direct = new ArtemisMessageView("JMSType").of(message);
      ArtemisMessageView once = new ArtemisMessageView("JMSType");
      once.readOnce(message);

      assertThat(text(once.tag())).isEqualTo(text(direct.tag()));
      for (String key : KEYS) {
         AttributeKey attribute = new AttributeKey(key);
         assertThat(once.attribute(attribute)).as(key).isEqualTo(direct.attribute(attribute));
      }
      for (String key : KEYS) {
         assertThat(once.anyKey(k -> k.toString().equals(key))).as(key).isEqualTo(direct.anyKey(k -> k.toString().equals(key)));
      }
      List<String> seen = new ArrayList<>();
      once.anyKey(k -> !seen.add(k.toString()));
      assertThat(seen).containsExactlyInAnyOrderElementsOf(properties.keySet());
   }

   @Property(tries = 50)
   void releaseForgetsTheMessage(@ForAll("messages") Map<String, Object> properties) {
      CoreMessage message = new CoreMessage(1, 256);
      properties.forEach(message::putObjectProperty);
      ArtemisMessageView view = new ArtemisMessageView("JMSType");
      view.readOnce(message);
      view.release();
      CoreMessage empty = new CoreMessage(2, 256);
      assertThat(view.readOnce(empty).anyKey(k -> true)).isFalse();
      for (String key : KEYS) {
         assertThat(view.attribute(new AttributeKey(key))).isNull();
      }
   }

   @Provide
   Arbitrary<Map<String, Object>> messages() {
      Arbitrary<Object> values = Arbitraries.oneOf(
            Arbitraries.strings().ofMaxLength(6).map(s -> (Object) s),
            Arbitraries.integers().map(i -> (Object) i),
            Arbitraries.longs().map(l -> (Object) l),
            Arbitraries.doubles().map(d -> (Object) d),
            Arbitraries.floats().map(f -> (Object) f),
            Arbitraries.shorts().map(s -> (Object) s),
            Arbitraries.bytes().map(b -> (Object) b),
            Arbitraries.of(true, false).map(b -> (Object) b),
            Arbitraries.just(SimpleString.of("BSM")).map(s -> (Object) s));
      return Arbitraries.maps(Arbitraries.of(KEYS.subList(0, KEYS.size() - 2)), values).ofMaxSize(26);
   }

   private static String text(CharSequence text) {
      return text == null ? null : text.toString();
   }
}
