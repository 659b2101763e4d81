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
package io.rulefilter;

import io.rulefilter.eval.CompiledRule;
import io.rulefilter.eval.Explanation;
import io.rulefilter.internal.eval.RuleCompiler;
import io.rulefilter.internal.message.MapMessage;
import io.rulefilter.message.MessageModel;
import io.rulefilter.message.MessageView;
import io.rulefilter.parse.RuleLimits;
import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.parse.RuleSyntaxException;
import io.rulefilter.rule.Rule;
import io.rulefilter.selector.RuleSelector;
import io.rulefilter.sql.SqlFilter;
import io.rulefilter.internal.sql.SqlTranslator;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The rule language in one place: parse and check rules, evaluate them on messages, translate them into Artemis
 * filters and JMS selectors.
 * <pre>{@code
 * RuleLanguage language = RuleLanguage.standard();                  // tag in JMSType, default limits
 * Rule rule = language.parse("airline weq CA* and bagCount gt 2");   // RuleSyntaxException when wrong
 * boolean keep = language.compile(rule).matches(RuleLanguage.message("BSM", Map.of("airline", "CA981", "bagCount", 3)));
 * SqlFilter sql = language.translate(rule);                           // sql.filter(), sql.isExact()
 * String selector = language.selector(rule);                          // for session.createConsumer(topic, selector)
 * }</pre>
 * Instances are immutable and thread-safe; so are the rules and compiled rules they return.
 */
public final class RuleLanguage {

   private static final RuleLanguage STANDARD = new RuleLanguage(MessageModel.DEFAULT, RuleLimits.DEFAULT);

   private final MessageModel model;
   private final RuleParser parser;
   private final RuleCompiler compiler;
   private final SqlTranslator translator;

   private RuleLanguage(MessageModel model, RuleLimits limits) {
      this(model, new RuleParser(limits));
   }

   private RuleLanguage(MessageModel model, RuleParser parser) {
      this.model = model;
      this.parser = parser;
      this.compiler = new RuleCompiler(model);
      this.translator = new SqlTranslator(model);
   }

   /** The language as the contract defines it: the tag is the JMS type ({@code JMSType}), default limits. */
   public static RuleLanguage standard() {
      return STANDARD;
   }

   /**
    * The language for messages whose tag is in {@code tagProperty}, with the given limits.
    *
    * @throws IllegalArgumentException when {@code tagProperty} is blank
    */
   public static RuleLanguage of(String tagProperty, RuleLimits limits) {
      return new RuleLanguage(new MessageModel(tagProperty), limits);
   }

   /**
    * Parses a rule.
    *
    * @throws RuleSyntaxException when it does not parse, means nothing or exceeds the limits; {@link
    *                             RuleSyntaxException#render()} shows it with a caret under the spot
    */
   public Rule parse(String text) {
      return parser.parseRule(text);
   }

   /**
    * Parses a rule that may have been stored or sent before version 2: a text that only version 1 reads (a bare value
    * starting with {@code (}, such as {@code a weq (x}) keeps its version 1 meaning; any other text is read as {@link
    * #parse} reads it, and a text neither version reads throws version 2's error.
    */
   public Rule parseStored(String text) {
      return parser.parseStored(text);
   }

   /**
    * This language, refusing rules that use {@code @typeb} with an error at the subject that ends with {@code reason}
    * ("Type B content is not read on this broker"): for where no body is read, so that no rule waits for content it
    * never sees.
    */
   public RuleLanguage withoutTypeB(String reason) {
      return new RuleLanguage(model, parser.withoutTypeB(reason));
   }

   /** The canonical text of a rule given as text; throws {@link RuleSyntaxException} like {@link #parse}. */
   public String check(String text) {
      return parse(text).canonical();
   }

   /** A rule ready to evaluate: thread-safe, lock-free, linear in the rule's and the message's sizes. */
   public CompiledRule compile(Rule rule) {
      return compiler.compile(rule);
   }

   /** Every node of the rule with its own verdict on {@code message}: why it does or does not match. */
   public Explanation explain(Rule rule, MessageView message) {
      return compiler.explain(rule, message);
   }

   /** The rule as an Artemis filter (SQL-92 selector), with whether Artemis's verdict on it is exact. */
   public SqlFilter translate(Rule rule) {
      return translator.translate(rule);
   }

   /** The selector form: the translation with the rule in a comment, for JMS consumers and broker.xml filters. */
   public String selector(Rule rule) {
      return RuleSelector.of(rule, translate(rule).filter());
   }

   /**
    * The rule a selector form carries, or empty for any other selector; a damaged rule throws. A selector form made
    * before version 2 keeps its meaning ({@link #parseStored}).
    */
   public Optional<Rule> ruleOf(String selector) {
      return RuleSelector.ruleText(selector).map(this::parseStored);
   }

   /**
    * A message held in plain Java objects: a tag (or null) and attributes (strings, booleans, integers, floating-point
    * numbers; a null value is a missing attribute).
    */
   public static MessageView message(String tag, Map<String, ?> attributes) {
      return new MapMessage(tag, new LinkedHashMap<>(attributes));
   }

   /** The property that holds the tag. */
   public String tagProperty() {
      return model.tagProperty();
   }
}
