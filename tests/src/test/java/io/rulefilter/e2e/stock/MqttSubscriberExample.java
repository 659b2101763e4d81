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
package io.rulefilter.e2e.stock;

import org.eclipse.paho.client.mqttv3.IMqttMessageListener;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;

/** The manual's MQTT subscriber (Eclipse Paho), word for word between the markers; its rule is set by management. */
final class MqttSubscriberExample {

   private MqttSubscriberExample() {
   }

   static MqttClient subscribe(String url, IMqttMessageListener handler) throws MqttException {
      // README begin
      MqttClient client = new MqttClient(url, "bag-reader", new MemoryPersistence());   // tcp://127.0.0.1:1883
      MqttConnectOptions options = new MqttConnectOptions();
      options.setUserName("admin");
      options.setPassword("admin".toCharArray());
      options.setCleanSession(false);   // a lasting subscription: its queue, and the rule set on it, outlive the connection
      client.connect(options);
      client.subscribe("airport/events", 1, handler);   // Artemis queue bag-reader.airport.events
      // README end
      return client;
   }
}
