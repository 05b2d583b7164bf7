"""The official openai SDK against the gateway: upload, delete a file, create and cancel a batch.

The SDK sends DELETE /v1/files/{id} and POST /v1/batches/{id}/cancel with Content-Type: application/json
and an empty body. Prints one JSON object of what it saw; an SDK exception is the failure.
"""
import io
import json
import os

import openai

client = openai.OpenAI(base_url=os.environ["GATEHOUSE_URL"] + "/v1", api_key=os.environ["GATEHOUSE_KEY"], max_retries=0)

line = {"custom_id": "one", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "gpt-echo", "messages": [{"role": "user", "content": "hi"}]}}
batch_input = client.files.create(file=("in.jsonl", io.BytesIO((json.dumps(line) + "\n").encode())), purpose="batch")
batch = client.batches.create(input_file_id=batch_input.id, endpoint="/v1/chat/completions", completion_window="24h")
cancelled = client.batches.cancel(batch.id)

spare = client.files.create(file=("spare.jsonl", io.BytesIO(b"{}\n")), purpose="batch")
deleted = client.files.delete(spare.id)

completion = client.chat.completions.create(model="gpt-echo", messages=[{"role": "user", "content": "who am I"}], user="user-1234", safety_identifier="hash-of-user", prompt_cache_key="conversation-7")

print(json.dumps({
    "cancelled": {"id": cancelled.id, "status": cancelled.status},
    "batch_id": batch.id,
    "deleted": {"id": deleted.id, "deleted": deleted.deleted},
    "spare_id": spare.id,
    "completion": completion.choices[0].message.content,
}))
