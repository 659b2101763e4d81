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
 * RuleFilter in an Artemis cluster: the node that owns a subscription queue decides what enters it, for messages
 * published on any node. Other nodes forward to it whatever reaches the address (their copies of its bindings carry
 * no filter), and it judges each forwarded message by the queue's filter as it stands when the message arrives; a
 * rule changed on the owning node therefore applies at once to messages from every node. Internal, <b>not a supported
 * API</b>.
 */
package io.rulefilter.artemis.cluster;
