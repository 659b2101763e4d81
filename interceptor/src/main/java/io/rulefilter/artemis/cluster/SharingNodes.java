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
package io.rulefilter.artemis.cluster;

import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.Bindings;
import org.apache.activemq.artemis.core.postoffice.PostOffice;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The other nodes that hold a queue of a shared subscription, as this node's copies of their queues show: one pass
 * over an address's bindings, each copy naming its node ({@link CopyRegister#nodeOf}).
 */
final class SharingNodes {

   private SharingNodes() {
   }

   /** Per queue name of {@code address}, the other nodes holding a queue of that name. */
   static Map<String, Set<String>> byQueue(PostOffice postOffice, String address) throws Exception {
      return scan(postOffice, address, name -> true);
   }

   /** The other nodes holding a queue named {@code queue} on {@code address}. */
   static Set<String> of(PostOffice postOffice, String address, String queue) throws Exception {
      SimpleString name = SimpleString.of(queue);
      return scan(postOffice, address, name::equals).getOrDefault(queue, new LinkedHashSet<>());
   }

   private static Map<String, Set<String>> scan(PostOffice postOffice, String address, Predicate<SimpleString> queues)
         throws Exception {
      Map<String, Set<String>> nodes = new HashMap<>();
      Bindings bindings = postOffice.lookupBindingsForAddress(SimpleString.of(address));
      if (bindings == null) {
         return nodes;
      }
      for (Binding binding : bindings.getBindings()) {
         if (binding instanceof RemoteQueueBinding copy && queues.test(copy.getRoutingName())) {
            String node = CopyRegister.nodeOf(copy);
            if (node != null) {
               nodes.computeIfAbsent(copy.getRoutingName().toString(), q -> new LinkedHashSet<>()).add(node);
            }
         }
      }
      return nodes;
   }
}
