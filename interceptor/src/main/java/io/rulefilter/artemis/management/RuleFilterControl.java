package io.rulefilter.artemis.management;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rulefilter.artemis.RuleRegistry;
import io.rulefilter.artemis.SubscriptionInfo;
import io.rulefilter.message.MessageModel;
import io.rulefilter.rule.Rule;
import io.rulefilter.selector.RuleSelector;
import io.rulefilter.sql.SqlFilter;
import io.rulefilter.sql.SqlTranslator;

/** The management operations, each a thin call into the {@link RuleRegistry}. */
public final class RuleFilterControl implements RuleFilterControlMBean {

   private final RuleRegistry registry;
   private final SqlTranslator translator;
   private final ObjectMapper json = new ObjectMapper();

   public RuleFilterControl(RuleRegistry registry) {
      this.registry = registry;
      MessageModel model = registry.settings().model();
      this.translator = new SqlTranslator(model);
   }

   @Override
   public String setRule(String address, String queue, String rule) throws Exception {
      return setRule(address, queue, rule, false);
   }

   @Override
   public String setRule(String address, String queue, String rule, boolean purge) throws Exception {
      return write(registry.setRule(address, queue, require("rule", rule), purge));
   }

   @Override
   public String getRule(String address, String queue) {
      return write(registry.get(address, queue));
   }

   @Override
   public String removeRule(String address, String queue) throws Exception {
      return write(registry.removeRule(address, queue));
   }

   @Override
   public String setAddressRule(String address, String rule) throws Exception {
      return write(registry.setAddressRule(address, require("rule", rule)));
   }

   @Override
   public String getAddressRule(String address) {
      return registry.addressRule(address).map(this::write).orElse(null);
   }

   @Override
   public boolean removeAddressRule(String address) throws Exception {
      return registry.removeAddressRule(address);
   }

   @Override
   public String enable(String address, String queue) throws Exception {
      return write(registry.setEnabled(address, queue, true));
   }

   @Override
   public String disable(String address, String queue) throws Exception {
      return write(registry.setEnabled(address, queue, false));
   }

   @Override
   public String listRules() {
      ObjectNode out = json.createObjectNode();
      out.set("subscriptions", json.valueToTree(registry.list()));
      out.set("addressRules", json.valueToTree(registry.addressRules()));
      return write(out);
   }

   @Override
   public String stats(String address, String queue) {
      SubscriptionInfo info = registry.get(address, queue);
      ObjectNode out = json.createObjectNode()
            .put("address", info.address())
            .put("queue", info.queue())
            .put("matched", info.matched())
            .put("rejected", info.rejected())
            .put("changedAt", info.changedAt())
            .put("changedBy", info.changedBy());
      return write(out);
   }

   @Override
   public String check(String rule) {
      return registry.parse(require("rule", rule)).canonical();
   }

   @Override
   public String translate(String rule) {
      Rule parsed = registry.parse(require("rule", rule));
      SqlFilter sql = translator.translate(parsed);
      return write(json.createObjectNode()
            .put("rule", rule)
            .put("canonical", parsed.canonical())
            .put("filter", sql.filter())
            .put("exact", sql.isExact())
            .put("selector", RuleSelector.of(parsed, sql.filter())));
   }

   private static String require(String what, String value) {
      if (value == null) {
         throw new IllegalArgumentException("a " + what + " is required");
      }
      return value;
   }

   private String write(Object value) {
      try {
         return json.writeValueAsString(value);
      } catch (JsonProcessingException e) {
         throw new IllegalStateException(e);
      }
   }
}
