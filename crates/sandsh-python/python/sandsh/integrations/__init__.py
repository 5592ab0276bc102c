"""Adapters from a :class:`sandsh.Shell` to the agent frameworks' own tool types.

Each submodule imports its framework only when imported itself, so ``import sandsh`` needs
none of them: :mod:`.langchain` (``langchain-core``), :mod:`.openai_agents`
(``openai-agents``), :mod:`.anthropic` (``anthropic``) and :mod:`.pydantic_ai`
(``pydantic-ai``). Install one with its extra, e.g. ``pip install 'sandsh[langchain]'``.
"""
