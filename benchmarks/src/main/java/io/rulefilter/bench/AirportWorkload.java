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
package io.rulefilter.bench;

import org.apache.activemq.artemis.api.core.Message;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Airport messages and subscriptions for the benchmarks. Message types, airlines, stations and bag counts are
 * uniform, so each broad rule's share of messages is known (1–15%); in the selective mix each subscription watches
 * one flight and a message's flight is one of the watched flights, so it matches about one subscription.
 */
public final class AirportWorkload {

   static final String[] TYPES = {"BSM", "BPM", "BTM", "BUM", "MVT", "LDM", "PTM", "CPM"};
   static final String[] AIRLINES = {"CA", "MU", "CZ", "HU", "3U", "MF", "ZH", "SC", "FM", "KN"};
   static final String[] STATIONS = {"PEK", "PVG", "CAN", "CTU", "SZX", "KMG", "XIY", "CKG", "HGH", "NKG",
         "XMN", "CSX", "WUH", "URC", "TAO", "DLC", "SHE", "TSN", "HAK", "SYX"};

   /** Which rules the subscriptions carry. */
   public enum Mix { BROAD, SELECTIVE }

   /** One published message: its tag (JMS type) and properties. */
   public record AirportMessage(String type, Map<String, Object> properties) {

      /** Puts the tag and properties on an Artemis message, as a producer would. */
      void writeTo(Message message) {
         message.putStringProperty("JMSType", type);
         properties.forEach(message::putObjectProperty);
      }
   }

   /** One subscription's rule, and the SQL-92 selector a user of plain Artemis would write for it. */
   public record Subscription(String rule, String sql) {
   }

   private AirportWorkload() {
   }

   public static List<Subscription> subscriptions(Mix mix, int count, long seed) {
      Random random = new Random(seed);
      List<Subscription> out = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
         out.add(mix == Mix.SELECTIVE ? selective(i) : broad(random));
      }
      return out;
   }

   /** Subscription i watches flight {@link #flight(int)}. */
   private static Subscription selective(int i) {
      String flight = flight(i);
      return new Subscription("flight weq " + flight, "flight = '" + flight + "'");
   }

   /** Whether {@code subscriptions} are the selective mix: subscription i watches {@link #flight(int) flight i} alone. */
   static boolean isSelective(List<Subscription> subscriptions) {
      for (int i = 0; i < subscriptions.size(); i++) {
         if (!subscriptions.get(i).equals(selective(i))) {
            return false;
         }
      }
      return true;
   }

   static String flight(int i) {
      return AIRLINES[i % AIRLINES.length] + (1000 + i / AIRLINES.length);
   }

   private static Subscription broad(Random random) {
      String type = TYPES[random.nextInt(TYPES.length)];
      String airline = AIRLINES[random.nextInt(AIRLINES.length)];
      String station = STATIONS[random.nextInt(STATIONS.length)];
      String other = STATIONS[random.nextInt(STATIONS.length)];
      return switch (random.nextInt(7)) {
         case 0 -> new Subscription("@tag weq " + type, "JMSType = '" + type + "'");                          // 12.5%
         case 1 -> new Subscription("airline weq " + airline, "airline = '" + airline + "'");                 // 10%
         case 2 -> new Subscription("station weq " + station, "station = '" + station + "'");                 // 5%
         case 3 -> new Subscription("airline weq " + airline + " and bagCount gt 9",
               "airline = '" + airline + "' AND bagCount > 9");                                               // 5%
         case 4 -> new Subscription("@tag beg B and airline weq " + airline,
               "JMSType LIKE 'B%' AND airline = '" + airline + "'");                                          // 5%
         case 5 -> new Subscription("bagCount ge 18", "bagCount >= 18");                                        // 10%
         default -> new Subscription("station weq " + station + " or station weq " + other,
               "station = '" + station + "' OR station = '" + other + "'");                                  // ~10%
      };
   }

   /** {@code count} messages; in the selective mix their flights are drawn from the {@code watched} subscriptions' flights. */
   public static List<AirportMessage> messages(Mix mix, int count, int watched, long seed) {
      Random random = new Random(seed);
      List<AirportMessage> out = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
         String flight = mix == Mix.SELECTIVE ? flight(random.nextInt(watched))
               : AIRLINES[random.nextInt(AIRLINES.length)] + (1000 + random.nextInt(900));
         Map<String, Object> properties = new LinkedHashMap<>();
         properties.put("airline", flight.substring(0, 2));
         properties.put("flight", flight);
         properties.put("station", STATIONS[random.nextInt(STATIONS.length)]);
         properties.put("bagCount", random.nextInt(20));
         properties.put("bagTag", "0999" + (100000 + random.nextInt(900000)));
         out.add(new AirportMessage(TYPES[random.nextInt(TYPES.length)], properties));
      }
      return out;
   }
}
