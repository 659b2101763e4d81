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
import io.rulefilter.selector.RuleSelector;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.impl.FilterImpl;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What Artemis gets instead of what a client sent: always SQL it can parse, saying the same as the rule. */
class SelectorRewriterTest {

   private final RuleLanguage language = RuleLanguage.standard();
   private final SelectorRewriter rewriter = new SelectorRewriter(language);

   @Test
   void aRawRuleBecomesTheSelectorFormAndAQueueKeepsTheClientsText() throws Exception {
      SimpleString raw = SimpleString.of("@TAG  beg BS");
      SimpleString forQueue = rewriter.queueFilter(raw);
      assertThat(RuleSelector.ruleText(forQueue.toString())).contains("@tag beg BS");
      assertThat(RuleSelector.sentText(forQueue.toString())).contains("@TAG  beg BS");
      FilterImpl.createFilter(forQueue); // Artemis parses it
      assertThat(rewriter.filter(raw).toString()).isEqualTo(language.selector(language.parse("@tag beg BS")));
      assertThat(rewriter.ruleOf(forQueue)).contains(language.parse("@tag beg BS"));
   }

   @Test
   void sqlAndTheSelectorFormPassUnchanged() {
      SimpleString sql = SimpleString.of("JMSType = 'BSM' AND bagCount > 2");
      assertThat((Object) rewriter.queueFilter(sql)).isSameAs(sql);
      SimpleString form = SimpleString.of(language.selector(language.parse("airline weq CA")));
      assertThat((Object) rewriter.filter(form)).isSameAs(form);
      assertThat((Object) rewriter.filter(null)).isNull();
      assertThat(rewriter.filter(SimpleString.of("")).toString()).isEmpty();
   }

   @Test
   void aCheckedFilterHandsOnTheRuleItsSelectorFormCarries() {
      SimpleString form = SimpleString.of(language.selector(language.parse("airline weq CA")));
      SelectorRewriter.Checked checked = rewriter.checkedFilter(form);
      assertThat((Object) checked.filter()).isSameAs(form);
      assertThat(checked.rule()).isEqualTo(language.parse("airline weq CA"));
      assertThat(SelectorRewriter.carriesRule(form)).isTrue();
      for (String other : new String[] {"JMSType = 'BSM'", "@tag beg BS", "bagCount gt many", "TRUE /*rulefilter: x gt many*/"}) {
         assertThat(rewriter.checkedFilter(SimpleString.of(other)).rule()).as(other).isNull();
      }
      assertThat(rewriter.checkedFilter(null).rule()).isNull();
      assertThat(SelectorRewriter.carriesRule(SimpleString.of("@tag beg BS"))).isFalse();
      assertThat(SelectorRewriter.carriesRule(SimpleString.of("TRUE /*rulefilter: 100%*/"))).as("damaged").isFalse();
      assertThat(SelectorRewriter.carriesRule(null)).isFalse();
   }

   @Test
   void anInvalidRuleIsRefusedWithItsErrorInTheTextArtemisRejects() {
      SimpleString refused = rewriter.queueFilter(SimpleString.of("bagCount gt many"));
      assertThat(refused.toString()).contains("expected a number after 'gt', found 'many'").endsWith(SelectorRewriter.REFUSED);
      assertThatThrownBy(() -> FilterImpl.createFilter(refused)).hasMessageContaining("expected a number");
      assertThat((Object) rewriter.filter(refused)).as("refused once, left alone").isSameAs(refused);
      SimpleString damaged = SimpleString.of("TRUE /*rulefilter: x gt many*/");
      assertThat(rewriter.filter(damaged).toString()).contains("the rule in this selector is not valid");
   }

   @Test
   void aRawTextOnlyVersion1ReadsKeepsItsVersion1MeaningAndANewListIsAList() {
      SimpleString sentBefore = SimpleString.of("flight weq (CA1");
      assertThat(RuleSelector.ruleText(rewriter.queueFilter(sentBefore).toString())).contains("flight weq '(CA1'");
      assertThat(rewriter.ruleOf(rewriter.queueFilter(sentBefore))).contains(language.parseStored("flight weq (CA1"));
      SimpleString list = SimpleString.of("flight weq (CA1, MU2)");
      assertThat(RuleSelector.ruleText(rewriter.queueFilter(list).toString())).contains("flight weq (CA1, MU2)");
      assertThat(rewriter.queueFilter(SimpleString.of("flight weq (CA1, MU2")).toString()).as("neither version reads it")
            .contains("never closed").endsWith(SelectorRewriter.REFUSED);
   }
}
