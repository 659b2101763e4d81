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

import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Eclipse Paho (MQTT 3.1.1). MQTT has no selectors and no message properties: a subscription gets its rule through
 * management ({@code rules set}) on its queue, {@code CLIENTID.ADDRESS}; an MQTT message has no tag or attributes.
 */
final class MqttClientAdapter implements AirportClient {

   private final int port;
   private final List<MqttClient> clients = new ArrayList<>();

   MqttClientAdapter(int port) {
      this.port = port;
   }

   static String topicOf(String address) {
      return address.replace('.', '/');
   }

   /** The queue Artemis makes for an MQTT subscription of {@code clientId} to {@code address}. */
   static String queueOf(String clientId, String address) {
      return clientId + "." + address;
   }

   private MqttClient connect(String clientId) throws Exception {
      return connect(clientId, null);
   }

   private MqttClient connect(String clientId, BlockingQueue<String> received) throws Exception {
      MqttClient client = new MqttClient("tcp://127.0.0.1:" + port, clientId, new MemoryPersistence());
      if (received != null) { // before connecting: a resumed session delivers its backlog at once
         client.setCallback(new MqttCallback() {
            @Override
            public void connectionLost(Throwable cause) {
            }

            @Override
            public void messageArrived(String topic, MqttMessage message) {
               received.add(new String(message.getPayload(), StandardCharsets.UTF_8));
            }

            @Override
            public void deliveryComplete(IMqttDeliveryToken token) {
            }
         });
      }
      MqttConnectOptions options = new MqttConnectOptions();
      options.setUserName(StockArtemis.USER);
      options.setPassword(StockArtemis.PASSWORD.toCharArray());
      options.setCleanSession(false);
      client.connect(options);
      clients.add(client);
      return client;
   }

   @Override
   public String protocol() {
      return "MQTT";
   }

   @Override
   public void publish(String address, List<AirportMessage> messages) throws Exception {
      MqttClient client = connect("publisher-" + System.nanoTime());
      for (AirportMessage out : messages) {
         client.publish(topicOf(address), out.body().getBytes(StandardCharsets.UTF_8), 1, false);
      }
      client.disconnect();
      client.close();
      clients.remove(client);
   }

   /** The selector is ignored (MQTT has none): set the rule through management on {@link #queueOf}. */
   @Override
   public Subscriber subscribe(String address, String name, String selector) throws Exception {
      BlockingQueue<String> received = new LinkedBlockingQueue<>();
      MqttClient client = connect(name, received);
      client.subscribe(topicOf(address), 1);
      return new Subscriber() {
         @Override
         public String nextBody(long millis) throws Exception {
            return received.poll(millis, TimeUnit.MILLISECONDS);
         }

         @Override
         public void close() throws Exception {
            client.disconnect();
            client.close();
            clients.remove(client);
         }
      };
   }

   @Override
   public void close() throws Exception {
      for (MqttClient client : List.copyOf(clients)) {
         if (client.isConnected()) {
            client.disconnect();
         }
         client.close();
      }
   }
}
