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
package io.rulefilter.artemis.protocol;

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.log.ProtocolLogger;
import io.rulefilter.artemis.routing.ArtemisMessageView;
import io.rulefilter.artemis.server.BrokerPlugins;
import io.rulefilter.eval.CompiledRule;
import io.rulefilter.rule.Rule;
import org.apache.activemq.artemis.core.server.MessageReference;
import org.apache.activemq.artemis.core.server.ServerConsumer;
import org.apache.activemq.artemis.core.server.plugin.ActiveMQServerMessagePlugin;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Enforces rules that consumers use as their own selectors (on an anycast queue, or narrowing a subscription) where
 * Artemis's SQL cannot: a consumer filter is evaluated by Artemis's filter engine, which sees only the selector
 * form's SQL part, a superset when the translation is not exact. Such a consumer's rule is checked in
 * {@link #canAccept}, so the consumer is offered exactly what its rule accepts; messages it does not accept stay
 * queued for other consumers, as with any selector.
 * <p>
 * Artemis calls every message hook of a message plugin for every message, so this plugin is registered only while
 * at least one consumer needs it.
 */
public final class ConsumerRules implements ActiveMQServerMessagePlugin {

   private final BrokerPlugins plugins;
   private final SelectorRewriter rewriter;
   private final RuleLanguage language;
   private final ThreadLocal<ArtemisMessageView> views;
   private final Map<ServerConsumer, CompiledRule> enforced = new ConcurrentHashMap<>();
   private boolean registered;

   public ConsumerRules(BrokerPlugins plugins, SelectorRewriter rewriter, RuleLanguage language) {
      this.plugins = plugins;
      this.rewriter = rewriter;
      this.language = language;
      this.views = ThreadLocal.withInitial(() -> new ArtemisMessageView(language.tagProperty()));
   }

   /** A consumer was created: if its selector is a rule Artemis cannot decide exactly, enforce the rule. */
   public synchronized void consumerCreated(ServerConsumer consumer) {
      Optional<Rule> rule = consumer.getFilter() == null ? Optional.empty() : rewriter.ruleOf(consumer.getFilter().getFilterString());
      if (rule.isEmpty() || language.translate(rule.get()).isExact()) {
         return;
      }
      enforced.put(consumer, language.compile(rule.get()));
      if (!registered) {
         plugins.add(this);
         registered = true;
         ProtocolLogger.consumerRulesEnforced(consumer.getID(), consumer.getQueue().getName());
      }
   }

   public synchronized void consumerClosed(ServerConsumer consumer) {
      if (enforced.remove(consumer) != null && enforced.isEmpty() && registered) {
         plugins.remove(this);
         registered = false;
      }
   }

   /** The broker's consumers of this life are gone (it stopped, or the plugin leaves): enforce nothing more. */
   public synchronized void stop() {
      enforced.clear();
      if (registered) {
         plugins.remove(this);
         registered = false;
      }
   }

   @Override
   public boolean canAccept(ServerConsumer consumer, MessageReference reference) {
      CompiledRule rule = enforced.get(consumer);
      if (rule == null) {
         return true;
      }
      ArtemisMessageView view = views.get();
      try {
         return rule.matches(view.of(reference.getMessage()));
      } finally {
         view.release();
      }
   }
}
