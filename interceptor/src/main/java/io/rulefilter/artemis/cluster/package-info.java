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
/**
 * RuleFilter in an Artemis cluster: the node that holds a subscription queue decides what enters it, for messages
 * published on any node. Other nodes' copies of its queues forward a superset of what it accepts (by the rule in
 * force for the queue and the address rule, either of two rules while a change is put in force, everything while its
 * switch is off), and it judges each forwarded message by the queue's filter as it stands when the message arrives.
 * Management changes reach the other nodes through their management address, as the cluster user. Internal, <b>not a supported API</b>.
 */
package io.rulefilter.artemis.cluster;
