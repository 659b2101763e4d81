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
package io.rulefilter.example;

import io.rulefilter.RuleLanguage;
import io.rulefilter.parse.RuleSyntaxException;
import io.rulefilter.rule.Rule;
import io.rulefilter.sql.SqlFilter;

import java.util.Map;

public class TranslationApiExample {

   public static void main(String[] args) {
      RuleLanguage language = RuleLanguage.standard();      // the tag is the JMS type; default limits

      Rule rule = language.parse("airline weq CA* and bagCount gt 2");
      System.out.println(rule.canonical());

      boolean keep = language.compile(rule)
            .matches(RuleLanguage.message("BSM", Map.of("airline", "CA981", "bagCount", 3)));
      System.out.println(keep);

      SqlFilter sql = language.translate(rule);
      System.out.println(sql.filter() + " exact=" + sql.isExact());
      System.out.println(language.selector(rule));           // for session.createConsumer(topic, selector)

      try {
         language.parse("bagCount gt many");
      } catch (RuleSyntaxException e) {
         System.out.println(e.render());                      // the place, what was expected, and a caret
      }
   }
}
