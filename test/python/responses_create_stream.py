"""The official openai SDK's Responses API against the gateway: create, then stream with the typed events.

Prints one JSON object of what it saw; an SDK exception is the failure.
"""
import json
import os

import openai

client = openai.OpenAI(base_url=os.environ["GATEHOUSE_URL"] + "/v1", api_key=os.environ["GATEHOUSE_KEY"], max_retries=0)

created = client.responses.create(model="gpt-echo", input="hello from python", instructions="Be brief.")

events = []
deltas = []
with client.responses.stream(model="gpt-echo", input="stream from python") as stream:
    for event in stream:
        events.append({"type": event.type, "sequence_number": event.sequence_number})
        if event.type == "response.output_text.delta":
            deltas.append(event.delta)
    final = stream.get_final_response()

print(json.dumps({
    "created": {"id": created.id, "status": created.status, "text": created.output_text, "output_tokens": created.usage.output_tokens},
    "events": events,
    "deltas": "".join(deltas),
    "final": {"id": final.id, "status": final.status, "text": final.output_text},
}))
