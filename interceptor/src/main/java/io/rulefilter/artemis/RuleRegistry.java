package io.rulefilter.artemis;

import io.rulefilter.artemis.routing.AddressRouter;
import io.rulefilter.artemis.routing.ArtemisMessageView;
import io.rulefilter.artemis.routing.IndexBinding;
import io.rulefilter.artemis.routing.IndexEntry;
import io.rulefilter.artemis.routing.RejectedBy;
import io.rulefilter.artemis.routing.SubscriptionFilter;
import io.rulefilter.artemis.routing.SubscriptionPolicy;
import io.rulefilter.artemis.store.RuleStore;
import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.artemis.store.StoredSubscription;
import io.rulefilter.eval.CompiledRule;
import io.rulefilter.eval.RuleCompiler;
import io.rulefilter.parse.RuleLimits;
import io.rulefilter.parse.RuleParser;
import io.rulefilter.parse.RuleSyntaxException;
import io.rulefilter.rule.Rule;
import io.rulefilter.selector.RuleSelector;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.Bindings;
import org.apache.activemq.artemis.core.postoffice.QueueBinding;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.Queue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every subscription's rules and how they combine. Routing never touches this class: it reads the immutable
 * {@link SubscriptionPolicy} each {@link SubscriptionFilter} holds, or the address's index. Changes are rare and
 * serialised here; each is persisted before it is applied, so a change that cannot be stored changes nothing.
 * <p>
 * Lock order: the post office's monitor, then this registry's state. Artemis holds the post office's monitor when it
 * adds a binding (and so calls {@link #attach}), and this class adds and removes index bindings; taking the monitor
 * first everywhere rules out a lock-order inversion.
 */
public final class RuleRegistry {

   private static final Logger LOG = LoggerFactory.getLogger(RuleRegistry.class);
   /** Below this many subscriptions an address gains nothing from its index, only the extra hop (measured at N=1). */
   public static final int MIN_INDEXED_SUBSCRIPTIONS = 4;
   /** Stored rules were valid when stored; they load even if the limits have been lowered since. */
   private static final RuleParser STORED = new RuleParser(new RuleLimits(Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE));

   private final ActiveMQServer server;
   private final java.util.function.Supplier<String> caller;
   private final PluginSettings settings;
   private final RuleParser parser;
   private final RuleCompiler compiler;
   private final ThreadLocal<ArtemisMessageView> views;
   private final Map<String, Subscription> subscriptions = new ConcurrentHashMap<>();
   private final Map<String, AddressRule> addressRules = new ConcurrentHashMap<>();
   private final Map<String, String> pendingClientSelectors = new ConcurrentHashMap<>();
   private final Map<String, AddressRouter> routers = new ConcurrentHashMap<>();
   private final Map<String, IndexBinding> indexBindings = new ConcurrentHashMap<>();
   private final SubscriptionMeters meters;
   private Map<String, StoredSubscription> stored;
   private RuleStore store;

   RuleRegistry(ActiveMQServer server, PluginSettings settings, java.util.function.Supplier<String> caller) {
      this.server = server;
      this.caller = caller;
      this.settings = settings;
      this.parser = new RuleParser(settings.limits());
      this.compiler = new RuleCompiler(settings.model());
      this.views = ThreadLocal.withInitial(() -> new ArtemisMessageView(settings.model().tagProperty()));
      this.meters = new SubscriptionMeters(server);
   }

   public PluginSettings settings() {
      return settings;
   }

   /** Parses a rule given by a user, with the configured limits; the error text is the CLI's, caret included. */
   public Rule parse(String ruleText) {
      try {
         return parser.parseRule(ruleText);
      } catch (RuleSyntaxException e) {
         throw new IllegalArgumentException(e.render(), e);
      }
   }

   // ---- attaching to queues ----

   /** Called for every queue binding as it is added, at creation and at journal reload. */
   void attach(LocalQueueBinding binding) {
      synchronized (lock()) {
         attachLocked(binding);
      }
   }

   private void attachLocked(LocalQueueBinding binding) {
      loadStore();
      Queue queue = binding.getQueue();
      if (queue.isInternalQueue()) {
         return;
      }
      Filter current = queue.getFilter();
      Filter original = current instanceof SubscriptionFilter ours ? ours.originalFilter() : current;
      String name = queue.getName().toString();
      Subscription s = new Subscription(name, queue.getAddress().toString(), binding, original, creationRule(name, original));
      StoredSubscription saved = stored.remove(name);
      if (saved != null) {
         s.override = saved.rule() == null ? null : storedRule(name, saved.rule());
         s.enabled = saved.enabled();
         s.clientSelector = saved.clientSelector();
         s.changedAt = saved.changedAt();
         s.changedBy = saved.changedBy();
      }
      String clientSelector = pendingClientSelectors.remove(name);
      if (clientSelector != null && s.creationRule != null) {
         s.clientSelector = clientSelector;
         persistQuietly(s);
      }
      subscriptions.put(name, s);
      if (s.needsFilter(addressRules.containsKey(s.address))) {
         install(s, queue);
      }
      refreshIndex(s.address, false);
   }

   /** A binding other than a local queue (a divert, a remote queue) joins an address: its index must step aside. */
   void foreignBindingAdded(Binding binding) {
      if (binding instanceof IndexBinding) {
         return;
      }
      synchronized (lock()) {
         refreshIndex(binding.getAddress().toString(), true);
      }
   }

   /** Any binding left an address: forget the queue, and let the index take over again if it can. */
   void bindingRemoved(Binding binding) {
      if (binding instanceof IndexBinding) {
         return;
      }
      synchronized (lock()) {
         if (binding instanceof LocalQueueBinding local) {
            subscriptions.remove(local.getQueue().getName().toString());
         }
         refreshIndex(binding.getAddress().toString(), false);
      }
   }

   private void install(Subscription s, Queue queue) {
      s.filter = new SubscriptionFilter(s.original, policy(s), views);
      queue.setFilter(s.filter);
      meters.register(s.address, s.queue, s.filter);
   }

   /** Called when a queue is destroyed: its stored state goes with it. */
   void detach(String queueName) {
      meters.remove(queueName);
      if (store != null) {
         try {
            store.removeSubscription(queueName);
         } catch (Exception e) {
            LOG.warn("RuleFilter: could not remove the stored state of deleted queue {}: {}", queueName, e.getMessage());
         }
      }
   }

   /**
    * Once the broker is active every surviving queue has been bound: stored state left over for queues that are
    * gone (e.g. a temporary subscription when the broker was killed) is removed.
    */
   void pruneStore() {
      synchronized (lock()) {
         loadStore();
         for (String queue : List.copyOf(stored.keySet())) {
            try {
               store.removeSubscription(queue);
               stored.remove(queue);
               LOG.info("RuleFilter: dropped the stored state of queue '{}', which no longer exists", queue);
            } catch (Exception e) {
               LOG.warn("RuleFilter: could not drop the stored state of vanished queue {}: {}", queue, e.getMessage());
            }
         }
      }
   }

   /** A JMS client is creating {@code queue} with a raw rule as its selector; remember its text for reconnects. */
   void expectClientSelector(String queue, String rawSelector) {
      pendingClientSelectors.put(queue, rawSelector);
   }

   /** The raw selector text to show a client that queries {@code queue}, when it was created from one. */
   Optional<String> clientSelector(String queue, SimpleString reportedFilter) {
      Subscription s = subscriptions.get(queue);
      if (s == null || s.clientSelector == null || s.original == null || !s.original.getFilterString().equals(reportedFilter)) {
         return Optional.empty();
      }
      return Optional.of(s.clientSelector);
   }

   // ---- management ----

   public SubscriptionInfo setRule(String address, String queue, String ruleText, boolean purge) throws Exception {
      Subscription s = require(address, queue);
      Rule rule = parse(ruleText);
      change(s, () -> s.override = rule);
      long purged = purge ? purgeRejected(s) : 0;
      LOG.info("RuleFilter: rule of queue '{}' on address '{}' set to '{}' by {}{}", queue, address, rule.canonical(),
            s.changedBy, purge ? " (" + purged + " queued messages it rejects removed)" : "");
      return info(s, purged);
   }

   public SubscriptionInfo removeRule(String address, String queue) throws Exception {
      Subscription s = require(address, queue);
      change(s, () -> s.override = null);
      LOG.info("RuleFilter: management rule of queue '{}' on address '{}' removed by {}; in force now: {}", queue, address,
            s.changedBy, describe(s.ownRule()));
      return info(s, 0);
   }

   public SubscriptionInfo setEnabled(String address, String queue, boolean enabled) throws Exception {
      Subscription s = require(address, queue);
      change(s, () -> s.enabled = enabled);
      LOG.info("RuleFilter: filtering of queue '{}' on address '{}' {} by {}", queue, address,
            enabled ? "enabled" : "disabled", s.changedBy);
      return info(s, 0);
   }

   public SubscriptionInfo get(String address, String queue) {
      return info(require(address, queue), 0);
   }

   public StoredAddressRule setAddressRule(String address, String ruleText) throws Exception {
      requireAddress(address);
      Rule rule = parse(ruleText);
      StoredAddressRule next = new StoredAddressRule(address, rule.canonical(), System.currentTimeMillis(), caller.get());
      synchronized (lock()) {
         store().put(next);
         addressRules.put(address, new AddressRule(next, compiler.compile(rule)));
         applyToAddress(address);
      }
      LOG.info("RuleFilter: address rule of '{}' set to '{}' by {}", address, next.rule(), next.changedBy());
      return next;
   }

   public Optional<StoredAddressRule> addressRule(String address) {
      requireAddress(address);
      return Optional.ofNullable(addressRules.get(address)).map(AddressRule::stored);
   }

   public boolean removeAddressRule(String address) throws Exception {
      requireAddress(address);
      synchronized (lock()) {
         if (!addressRules.containsKey(address)) {
            return false;
         }
         store().removeAddressRule(address);
         addressRules.remove(address);
         applyToAddress(address);
      }
      LOG.info("RuleFilter: address rule of '{}' removed by {}", address, caller.get());
      return true;
   }

   /** Every subscription that has a rule, a switch turned off, or an address rule. */
   public List<SubscriptionInfo> list() {
      List<SubscriptionInfo> out = new ArrayList<>();
      subscriptions.values().stream()
            .filter(s -> s.filter != null)
            .sorted(java.util.Comparator.comparing((Subscription s) -> s.address).thenComparing(s -> s.queue))
            .forEach(s -> out.add(info(s, 0)));
      return out;
   }

   public List<StoredAddressRule> addressRules() {
      return addressRules.values().stream().map(AddressRule::stored)
            .sorted(java.util.Comparator.comparing(StoredAddressRule::address)).toList();
   }

   // ---- internals ----

   private void loadStore() {
      if (store == null) {
         RuleStore loaded = new RuleStore(server.getStorageManager());
         stored = new ConcurrentHashMap<>(loaded.subscriptions());
         loaded.addressRules().forEach((address, stored) -> {
            Rule rule = storedRule("address " + address, stored.rule());
            if (rule != null) {
               addressRules.put(address, new AddressRule(stored, compiler.compile(rule)));
            }
         });
         store = loaded;
      }
   }

   private RuleStore store() {
      loadStore();
      return store;
   }

   /** The rule a queue was created with: the rule in a selector-form filter, or none for plain SQL or no filter. */
   private Rule creationRule(String queue, Filter original) {
      if (original == null) {
         return null;
      }
      try {
         Optional<String> text = RuleSelector.ruleText(original.getFilterString().toString());
         return text.map(STORED::parseRule).orElse(null);
      } catch (IllegalArgumentException e) {
         LOG.warn("RuleFilter: queue {} carries a rule that does not parse ({}); it keeps its SQL filter", queue, e.getMessage());
         return null;
      }
   }

   private Rule storedRule(String owner, String text) {
      try {
         return STORED.parseRule(text);
      } catch (RuleSyntaxException e) {
         LOG.warn("RuleFilter: ignoring the stored rule of {} that does not parse: {}", owner, e.getMessage());
         return null;
      }
   }

   private SubscriptionPolicy policy(Subscription s) {
      Rule own = s.ownRule();
      AddressRule address = addressRules.get(s.address);
      return new SubscriptionPolicy(own == null ? null : compiler.compile(own), own == null ? s.original : null,
            address == null ? null : address.compiled(), s.enabled);
   }

   /** Puts the subscription's current policy in force; installs the filter first if the queue has none of ours. */
   private void apply(Subscription s) throws Exception {
      applyPolicy(s);
      refreshIndex(s.address, false);
   }

   private void applyPolicy(Subscription s) throws Exception {
      if (s.filter != null) {
         s.filter.policy(policy(s));
         return;
      }
      if (!s.needsFilter(addressRules.containsKey(s.address))) {
         return;
      }
      install(s, s.binding.getQueue());
      // Sessions cache routes for addresses whose queues had no filter; tell them this one has one now.
      server.getPostOffice().getBindingsForAddress(s.binding.getAddress()).updated((QueueBinding) s.binding);
   }

   private void applyToAddress(String address) throws Exception {
      for (Subscription s : subscriptions.values()) {
         if (s.address.equals(address)) {
            applyPolicy(s);
         }
      }
      refreshIndex(address, false);
   }

   // ---- the address index ----

   /**
    * Publishes the address's index (with the current policies) and adds or removes its binding. The index routes
    * only while every binding of the address is a multicast queue RuleFilter knows and the broker is not clustered;
    * otherwise Artemis routes through each queue's filter, with the same result.
    */
   private void refreshIndex(String address, boolean foreignArriving) {
      if (!settings.routingIndex()) {
         return;
      }
      List<Subscription> onAddress = subscriptions.values().stream().filter(s -> s.address.equals(address)).toList();
      AddressRouter router = routers.get(address);
      if (onAddress.stream().noneMatch(s -> s.filter != null)) {
         if (router != null) {
            router.update(List.of(), false);
         }
         removeIndexBinding(address);
         return;
      }
      if (router == null) {
         router = new AddressRouter(settings.model(), views);
         routers.put(address, router);
      }
      List<IndexEntry> entries = onAddress.stream()
            .map(s -> new IndexEntry(s.binding, s.filter == null ? null : s.filter.policy(), s.filter)).toList();
      boolean active = !foreignArriving && onAddress.size() >= MIN_INDEXED_SUBSCRIPTIONS && indexable(address, onAddress)
            && ensureIndexBinding(address, router);
      router.update(entries, active);
   }

   private boolean indexable(String address, List<Subscription> onAddress) {
      if (!server.getConfiguration().getClusterConfigurations().isEmpty() || server.getGroupingHandler() != null) {
         return false;
      }
      if (onAddress.stream().anyMatch(s -> s.binding.getQueue().getRoutingType() != RoutingType.MULTICAST)) {
         return false;
      }
      try {
         Bindings bindings = server.getPostOffice().lookupBindingsForAddress(SimpleString.of(address));
         if (bindings != null) {
            for (Binding other : bindings.getBindings()) {
               boolean known = other instanceof IndexBinding
                     || other instanceof LocalQueueBinding local && subscriptions.containsKey(local.getQueue().getName().toString());
               if (!known) {
                  return false;
               }
            }
         }
         return true;
      } catch (Exception e) {
         return false;
      }
   }

   private boolean ensureIndexBinding(String address, AddressRouter router) {
      if (indexBindings.containsKey(address)) {
         return true;
      }
      try {
         IndexBinding binding = new IndexBinding(SimpleString.of(address), server.getStorageManager().generateID(), router);
         server.getPostOffice().addBinding(binding);
         indexBindings.put(address, binding);
         return true;
      } catch (Exception e) {
         LOG.warn("RuleFilter: address {} is routed without its index: {}", address, e.toString());
         return false;
      }
   }

   private void removeIndexBinding(String address) {
      IndexBinding binding = indexBindings.remove(address);
      if (binding != null) {
         try {
            server.getPostOffice().removeBinding(binding.getUniqueName(), null, false);
         } catch (Exception e) {
            LOG.warn("RuleFilter: could not remove the index binding of {}: {}", address, e.toString());
         }
      }
   }

   /** Whether the address is currently routed through its index (for tests and diagnostics). */
   public boolean isIndexed(String address) {
      AddressRouter router = routers.get(address);
      return router != null && router.isActive();
   }

   private Object lock() {
      return server.getPostOffice();
   }

   private long purgeRejected(Subscription s) throws Exception {
      ArtemisMessageView view = new ArtemisMessageView(settings.model().tagProperty());
      return s.binding.getQueue().deleteMatchingReferences(new RejectedBy(s.filter.policy(), view));
   }

   /**
    * Makes a change to a subscription, stores it, and puts it in force; when it cannot be stored the subscription is
    * put back as it was and nothing changes.
    */
   private void change(Subscription s, Runnable mutate) throws Exception {
      synchronized (lock()) {
         Subscription.State before = s.state();
         mutate.run();
         s.changedAt = System.currentTimeMillis();
         s.changedBy = caller.get();
         try {
            store().put(s.toStored());
         } catch (Exception e) {
            s.restore(before);
            throw new IllegalStateException("the rule change could not be stored, nothing changed: " + e.getMessage(), e);
         }
         apply(s);
      }
   }

   private void persistQuietly(Subscription s) {
      try {
         store().put(s.toStored());
      } catch (Exception e) {
         LOG.warn("RuleFilter: could not store the client selector of queue {}: {}", s.queue, e.getMessage());
      }
   }

   private Subscription require(String address, String queue) {
      if (queue == null || queue.isBlank()) {
         throw new IllegalArgumentException("a queue name is required");
      }
      Subscription s = subscriptions.get(queue);
      if (s == null) {
         throw new IllegalArgumentException("no queue named '" + queue + "'" + (address == null ? "" : " on address '" + address + "'"));
      }
      if (address != null && !address.isBlank() && !s.address.equals(address)) {
         throw new IllegalArgumentException("queue '" + queue + "' is bound to address '" + s.address + "', not '" + address + "'");
      }
      return s;
   }

   private void requireAddress(String address) {
      if (address == null || address.isBlank()) {
         throw new IllegalArgumentException("an address is required");
      }
      if (server.getAddressInfo(SimpleString.of(address)) == null) {
         throw new IllegalArgumentException("no address named '" + address + "'");
      }
   }

   private SubscriptionInfo info(Subscription s, long purged) {
      AddressRule address = addressRules.get(s.address);
      SubscriptionFilter filter = s.filter;
      return new SubscriptionInfo(s.address, s.queue, describe(s.ownRule()), s.source(),
            s.creationRule == null ? null : s.creationRule.canonical(), s.enabled,
            address == null ? null : address.stored().rule(), filter == null ? 0 : filter.matched(),
            filter == null ? 0 : filter.rejected(), s.changedAt, s.changedBy, purged);
   }

   private static String describe(Rule rule) {
      return rule == null ? null : rule.canonical();
   }

   /** An address rule as stored, and compiled once for every subscription of the address to share. */
   private record AddressRule(StoredAddressRule stored, CompiledRule compiled) {
   }

   /** The mutable record of one queue; guarded by the registry's lock, published to routing via its policy. */
   private static final class Subscription {
      final String queue;
      final String address;
      final LocalQueueBinding binding;
      final Filter original;
      final Rule creationRule;
      Rule override;
      boolean enabled = true;
      String clientSelector;
      long changedAt;
      String changedBy;
      SubscriptionFilter filter;

      Subscription(String queue, String address, LocalQueueBinding binding, Filter original, Rule creationRule) {
         this.queue = queue;
         this.address = address;
         this.binding = binding;
         this.original = original;
         this.creationRule = creationRule;
      }

      Rule ownRule() {
         return override != null ? override : creationRule;
      }

      String source() {
         return override != null ? "management" : creationRule != null ? "selector" : original != null ? "sql" : "none";
      }

      boolean needsFilter(boolean hasAddressRule) {
         return creationRule != null || override != null || !enabled || hasAddressRule;
      }

      /** The fields a management change may touch. */
      record State(Rule override, boolean enabled, long changedAt, String changedBy) {
      }

      State state() {
         return new State(override, enabled, changedAt, changedBy);
      }

      void restore(State state) {
         override = state.override();
         enabled = state.enabled();
         changedAt = state.changedAt();
         changedBy = state.changedBy();
      }

      StoredSubscription toStored() {
         return new StoredSubscription(queue, address, override == null ? null : override.canonical(), enabled,
               clientSelector, changedAt, changedBy);
      }
   }
}
