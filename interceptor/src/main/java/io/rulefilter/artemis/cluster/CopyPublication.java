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

import io.rulefilter.artemis.server.PostOfficeLock;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.Bindings;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Makes copies' new filters count: every route that starts after {@link #published} sees them, and their addresses'
 * indexes follow. Artemis keeps a copy's filter in a plain field; its routing starts by reading the address's bindings
 * version, a volatile, so raising that version (as Artemis's own queue update does) publishes the filters; once per
 * address, since Artemis's {@code updated} walks every binding of the address.
 */
final class CopyPublication {

   private static final Logger LOG = LoggerFactory.getLogger(CopyPublication.class);

   private final PostOfficeLock postOffice;
   private final Consumer<RemoteQueueBinding> refiltered;

   /** @param refiltered told of each refiltered copy, so that its address's index follows (takes the post office's monitor) */
   CopyPublication(PostOfficeLock postOffice, Consumer<RemoteQueueBinding> refiltered) {
      this.postOffice = postOffice;
      this.refiltered = refiltered;
   }

   /**
    * The copies were refiltered: routes and indexes follow. Takes the post office's monitor: call it outside
    * {@link RemoteCopies}' own, which comes after it.
    */
   void published(List<RemoteQueueBinding> copies) {
      publishedTo(copies, true);
   }

   /** As {@link #published}; the indexes are told only when {@code index}. */
   void publishedTo(List<RemoteQueueBinding> copies, boolean index) {
      // under the post office's monitor, which Artemis holds while it binds a copy: a copy being bound when its new
      // filter was set is bound by now, and the version raised below publishes the filter to its routes too
      synchronized (postOffice.monitor()) {
         Set<SimpleString> addresses = new HashSet<>();
         for (RemoteQueueBinding copy : copies) {
            if (addresses.add(copy.getAddress())) {
               try {
                  Bindings bindings = postOffice.postOffice().lookupBindingsForAddress(copy.getAddress());
                  if (bindings != null) {
                     bindings.updated(copy);
                  }
               } catch (Exception e) {
                  LOG.debug("bindings of {} gone while refiltering a copy", copy.getAddress(), e);
               }
            }
         }
         if (index) {
            copies.forEach(refiltered);
         }
      }
      copies.forEach(this::redistributeAgain);
   }

   /**
    * A copy that now knows exactly what its queue accepts may take messages this node's queue of the same name holds:
    * its redistributor, which was answered "busy" while the copy knew less and is not asked again until the queue is
    * delivered anew, is prompted.
    */
   private void redistributeAgain(RemoteQueueBinding copy) {
      if (!(copy.getFilter() instanceof CopyFilter filter) || !filter.isExact()) {
         return;
      }
      Binding local = postOffice.postOffice().getBinding(copy.getRoutingName());
      if (local instanceof LocalQueueBinding queue && queue.getAddress().equals(copy.getAddress())
            && queue.getQueue().getMessageCount() > 0) {
         queue.getQueue().deliverAsync();
      }
   }
}
