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

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.routing.ArtemisMessageView;
import io.rulefilter.artemis.subscription.PeerForwarding;
import io.rulefilter.selector.RuleSelector;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which copies know exactly what their queue accepts (and so may take a redistributed message): one state their node
 * told, or a node without RuleFilter; not a union while a change is put in force, nor anything before the node told.
 */
class CopyFiltersTest {

   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();
   private static final SimpleString ADDRESS = SimpleString.of("airport.events");
   private static final SimpleString BY_RULE = SimpleString.of(LANGUAGE.selector(LANGUAGE.parse("airline weq CA")));
   private static final SimpleString BY_SQL = SimpleString.of("airline = 'CA'");
   private static final PeerForwarding MU = new PeerForwarding(true, "airline weq MU");

   private static CopyFilter filter(SimpleString filterString, boolean plainNode, List<PeerForwarding> forwarding,
                                    String addressRule) {
      CopyFilters filters = new CopyFilters(
            fs -> RuleSelector.ruleText(fs.toString()).map(text -> LANGUAGE.compile(LANGUAGE.parse(text))),
            address -> Optional.ofNullable(addressRule).map(rule -> LANGUAGE.compile(LANGUAGE.parse(rule))), LANGUAGE,
            ThreadLocal.withInitial(() -> new ArtemisMessageView("JMSType")), name -> null);
      return (CopyFilter) filters.of(ADDRESS, SimpleString.of("q"), RedistributionMark.entry("node-b", 7), filterString,
            plainNode, forwarding);
   }

   @Test
   void oneToldStateIsExact() {
      for (SimpleString filterString : new SimpleString[] {BY_RULE, BY_SQL, null}) {
         for (PeerForwarding state : List.of(PeerForwarding.CREATION_RULE, PeerForwarding.EVERYTHING, MU)) {
            for (String addressRule : new String[] {null, "bagCount gt 0"}) {
               assertThat(filter(filterString, false, List.of(state), addressRule).isExact())
                     .as("%s, %s, address rule %s", filterString, state, addressRule).isTrue();
            }
         }
      }
   }

   @Test
   void aCreationRuleThisNodeCannotCompileIsASuperset() {
      SimpleString newer = SimpleString.of("airline = 'CA' /*rulefilter: airline weqx CA*/"); // a newer node's operator
      CopyFilter copy = filter(newer, false, List.of(PeerForwarding.CREATION_RULE), null);
      assertThat(copy.isExact()).as("its SQL part is no more than a superset").isFalse();
      assertThat(copy.isOfRule()).isTrue();
      assertThat(copy.forwarding().accepts(null, null)).as("forwards everything, judged there").isTrue();

      CopyFilters refusing = new CopyFilters(fs -> {
         throw new IllegalArgumentException("@typeb is not turned on for this address");
      }, address -> Optional.empty(), LANGUAGE, ThreadLocal.withInitial(() -> new ArtemisMessageView("JMSType")), name -> null);
      CopyFilter refused = (CopyFilter) refusing.of(ADDRESS, SimpleString.of("q"), RedistributionMark.entry("node-b", 7),
            BY_RULE, false, List.of(PeerForwarding.CREATION_RULE));
      assertThat(refused.isExact()).as("a rule the compiler refuses").isFalse();
   }

   @Test
   void aNodeWithoutRuleFilterIsExact() {
      assertThat(filter(BY_SQL, true, null, null).isExact()).isTrue();
      assertThat(filter(null, true, null, null).isExact()).isTrue();
   }

   @Test
   void aSupersetIsNotExact() {
      assertThat(filter(BY_RULE, false, null, null).isExact()).as("not told yet").isFalse();
      assertThat(filter(null, false, null, null).isExact()).as("not told yet, no filter").isFalse();
      assertThat(filter(BY_RULE, false, List.of(PeerForwarding.CREATION_RULE, MU), null).isExact())
            .as("a change being put in force").isFalse();
      assertThat(filter(BY_SQL, false, List.of(PeerForwarding.CREATION_RULE, MU), null).isExact())
            .as("a change being put in force on a SQL queue").isFalse();
      assertThat(filter(BY_RULE, false, List.of(new PeerForwarding(true, "airline nosuchop CA")), null).isExact())
            .as("an unreadable rule").isFalse();
   }
}
