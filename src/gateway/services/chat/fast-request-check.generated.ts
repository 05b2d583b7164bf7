// Generated from fast-request-schema.ts by `npm run generate:fast-request-check` (fast-request-check-source.ts): do not edit.
// fast-request-check.test.ts fails while it differs from what the schema generates.
/* eslint-disable */
// @ts-nocheck

export const validate = validate10;
export default validate10;
const schema11 = {"type":"object","properties":{"model":{"type":"string","minLength":1},"store":{"type":"boolean"},"metadata":{"type":"object","propertyNames":{"type":"string"},"additionalProperties":{"type":"string"}},"frequency_penalty":{"type":"number","minimum":-2,"maximum":2},"presence_penalty":{"type":"number","minimum":-2,"maximum":2},"logit_bias":{"type":"object","propertyNames":{"type":"string","pattern":"^\\d+$"},"additionalProperties":{"type":"integer","minimum":-100,"maximum":100}},"logprobs":{"type":"boolean"},"top_logprobs":{"type":"integer","minimum":0,"maximum":20},"max_tokens":{"anyOf":[{"type":"integer","minimum":0,"maximum":9007199254740991},{"type":"null"}]},"max_completion_tokens":{"anyOf":[{"type":"integer","minimum":0,"maximum":9007199254740991},{"type":"null"}]},"n":{"type":"integer","minimum":1,"maximum":128},"modalities":{"minItems":1,"type":"array","items":{"type":"string","enum":["text","audio"]}},"audio":{"type":"object","properties":{"voice":{"type":"string","enum":["alloy","ash","ballad","coral","echo","sage","shimmer","verse"]},"format":{"type":"string","enum":["wav","mp3","flac","opus","pcm16"]}},"required":["voice","format"],"additionalProperties":false},"seed":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991},"service_tier":{"type":"string","enum":["auto","default","flex","scale","priority"]},"stream":{"type":"boolean"},"stream_options":{"anyOf":[{"type":"object","properties":{"include_usage":{"type":"boolean"},"include_obfuscation":{"type":"boolean"}},"additionalProperties":false},{"type":"null"}]},"temperature":{"type":"number","minimum":0,"maximum":2},"top_p":{"type":"number","minimum":0,"maximum":1},"max_tool_rounds":{"type":"integer","minimum":1,"maximum":64},"parallel_tool_calls":{"type":"boolean"},"reasoning_effort":{"type":"string","enum":["none","minimal","low","medium","high","xhigh","max"]},"verbosity":{"type":"string","enum":["low","medium","high"]},"user":{"type":"string"},"safety_identifier":{"type":"string"},"prompt_cache_key":{"type":"string"},"prompt_cache_retention":{"type":"string","enum":["in-memory","24h"]},"messages":{"type":"array","minItems":1,"items":{"anyOf":[{"type":"object","properties":{"role":{"enum":["system","developer","user","assistant"]},"content":{"type":"string"},"name":{"type":"string"}},"required":["role","content"],"additionalProperties":false},{"type":"object","properties":{"role":{"const":"assistant"},"content":{"type":["string","null"]},"refusal":{"type":["string","null"]},"name":{"type":"string"},"tool_calls":{"type":"array","minItems":1,"items":{"type":"object","properties":{"id":{"type":"string","minLength":1},"type":{"const":"function"},"function":{"type":"object","properties":{"name":{"type":"string","minLength":1},"arguments":{"type":"string"}},"required":["name","arguments"],"additionalProperties":false}},"required":["id","type","function"],"additionalProperties":false}}},"required":["role","tool_calls"],"additionalProperties":false},{"type":"object","properties":{"role":{"const":"tool"},"content":{"type":"string"},"tool_call_id":{"type":"string","minLength":1}},"required":["role","content","tool_call_id"],"additionalProperties":false}]}},"tools":{"type":"array","maxItems":128,"items":{"type":"object","properties":{"type":{"const":"function"},"function":{"type":"object","properties":{"name":{"type":"string","pattern":"^[a-zA-Z0-9_-]{1,64}$"},"description":{"type":"string"},"parameters":{"type":"object"},"strict":{"type":["boolean","null"]}},"required":["name"],"additionalProperties":false}},"required":["type","function"],"additionalProperties":false}},"tool_choice":{"anyOf":[{"enum":["none","auto","required"]},{"type":"object","properties":{"type":{"const":"function"},"function":{"type":"object","properties":{"name":{"type":"string","pattern":"^[a-zA-Z0-9_-]{1,64}$"}},"required":["name"],"additionalProperties":false}},"required":["type","function"],"additionalProperties":false}]},"stop":{"anyOf":[{"type":"string"},{"type":"array","minItems":1,"maxItems":4,"items":{"type":"string"}}]},"response_format":{"anyOf":[{"type":"object","properties":{"type":{"enum":["text","json_object"]}},"required":["type"],"additionalProperties":false},{"type":"object","properties":{"type":{"const":"json_schema"},"json_schema":{"type":"object","properties":{"name":{"type":"string","pattern":"^[a-zA-Z0-9_-]{1,64}$"},"description":{"type":"string"},"schema":{"type":"object"},"strict":{"type":["boolean","null"]}},"required":["name"],"additionalProperties":false}},"required":["type","json_schema"],"additionalProperties":false}]}},"required":["model","messages"],"additionalProperties":false};
const func2 = Object.prototype.hasOwnProperty;
const pattern0 = new RegExp("^\\d+$", "u");
const pattern1 = new RegExp("^[a-zA-Z0-9_-]{1,64}$", "u");

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((data.model === undefined) && (missing0 = "model")) || ((data.messages === undefined) && (missing0 = "messages"))){
validate10.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0}}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(func2.call(schema11.properties, key0))){
validate10.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.model !== undefined){
let data0 = data.model;
const _errs2 = errors;
if(errors === _errs2){
if(typeof data0 === "string"){
if(data0.length < 1){
validate10.errors = [{instancePath:instancePath+"/model",schemaPath:"#/properties/model/minLength",keyword:"minLength",params:{limit: 1}}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"}}];
return false;
}
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.store !== undefined){
const _errs4 = errors;
if(typeof data.store !== "boolean"){
validate10.errors = [{instancePath:instancePath+"/store",schemaPath:"#/properties/store/type",keyword:"type",params:{type: "boolean"}}];
return false;
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.metadata !== undefined){
let data2 = data.metadata;
const _errs6 = errors;
if(errors === _errs6){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
for(const key1 in data2){
const _errs8 = errors;
if(typeof key1 !== "string"){
const err0 = {instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/propertyNames/type",keyword:"type",params:{type: "string"},propertyName:key1};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
var valid1 = _errs8 === errors;
if(!valid1){
const err1 = {instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/propertyNames",keyword:"propertyNames",params:{propertyName: key1}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate10.errors = vErrors;
return false;
break;
}
}
if(valid1){
for(const key2 in data2){
const _errs11 = errors;
if(typeof data2[key2] !== "string"){
validate10.errors = [{instancePath:instancePath+"/metadata/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/metadata/additionalProperties/type",keyword:"type",params:{type: "string"}}];
return false;
}
var valid2 = _errs11 === errors;
if(!valid2){
break;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/type",keyword:"type",params:{type: "object"}}];
return false;
}
}
var valid0 = _errs6 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.frequency_penalty !== undefined){
let data4 = data.frequency_penalty;
const _errs13 = errors;
if(errors === _errs13){
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 > 2 || isNaN(data4)){
validate10.errors = [{instancePath:instancePath+"/frequency_penalty",schemaPath:"#/properties/frequency_penalty/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2}}];
return false;
}
else {
if(data4 < -2 || isNaN(data4)){
validate10.errors = [{instancePath:instancePath+"/frequency_penalty",schemaPath:"#/properties/frequency_penalty/minimum",keyword:"minimum",params:{comparison: ">=", limit: -2}}];
return false;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/frequency_penalty",schemaPath:"#/properties/frequency_penalty/type",keyword:"type",params:{type: "number"}}];
return false;
}
}
var valid0 = _errs13 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.presence_penalty !== undefined){
let data5 = data.presence_penalty;
const _errs15 = errors;
if(errors === _errs15){
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 > 2 || isNaN(data5)){
validate10.errors = [{instancePath:instancePath+"/presence_penalty",schemaPath:"#/properties/presence_penalty/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2}}];
return false;
}
else {
if(data5 < -2 || isNaN(data5)){
validate10.errors = [{instancePath:instancePath+"/presence_penalty",schemaPath:"#/properties/presence_penalty/minimum",keyword:"minimum",params:{comparison: ">=", limit: -2}}];
return false;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/presence_penalty",schemaPath:"#/properties/presence_penalty/type",keyword:"type",params:{type: "number"}}];
return false;
}
}
var valid0 = _errs15 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.logit_bias !== undefined){
let data6 = data.logit_bias;
const _errs17 = errors;
if(errors === _errs17){
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
for(const key3 in data6){
const _errs19 = errors;
if(errors === _errs19){
if(typeof key3 === "string"){
if(!pattern0.test(key3)){
const err2 = {instancePath:instancePath+"/logit_bias",schemaPath:"#/properties/logit_bias/propertyNames/pattern",keyword:"pattern",params:{pattern: "^\\d+$"},propertyName:key3};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/logit_bias",schemaPath:"#/properties/logit_bias/propertyNames/type",keyword:"type",params:{type: "string"},propertyName:key3};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
var valid3 = _errs19 === errors;
if(!valid3){
const err4 = {instancePath:instancePath+"/logit_bias",schemaPath:"#/properties/logit_bias/propertyNames",keyword:"propertyNames",params:{propertyName: key3}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
validate10.errors = vErrors;
return false;
break;
}
}
if(valid3){
for(const key4 in data6){
let data7 = data6[key4];
const _errs22 = errors;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
validate10.errors = [{instancePath:instancePath+"/logit_bias/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/logit_bias/additionalProperties/type",keyword:"type",params:{type: "integer"}}];
return false;
}
if(errors === _errs22){
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 > 100 || isNaN(data7)){
validate10.errors = [{instancePath:instancePath+"/logit_bias/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/logit_bias/additionalProperties/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100}}];
return false;
}
else {
if(data7 < -100 || isNaN(data7)){
validate10.errors = [{instancePath:instancePath+"/logit_bias/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/logit_bias/additionalProperties/minimum",keyword:"minimum",params:{comparison: ">=", limit: -100}}];
return false;
}
}
}
}
var valid4 = _errs22 === errors;
if(!valid4){
break;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/logit_bias",schemaPath:"#/properties/logit_bias/type",keyword:"type",params:{type: "object"}}];
return false;
}
}
var valid0 = _errs17 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.logprobs !== undefined){
const _errs24 = errors;
if(typeof data.logprobs !== "boolean"){
validate10.errors = [{instancePath:instancePath+"/logprobs",schemaPath:"#/properties/logprobs/type",keyword:"type",params:{type: "boolean"}}];
return false;
}
var valid0 = _errs24 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.top_logprobs !== undefined){
let data9 = data.top_logprobs;
const _errs26 = errors;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
validate10.errors = [{instancePath:instancePath+"/top_logprobs",schemaPath:"#/properties/top_logprobs/type",keyword:"type",params:{type: "integer"}}];
return false;
}
if(errors === _errs26){
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 > 20 || isNaN(data9)){
validate10.errors = [{instancePath:instancePath+"/top_logprobs",schemaPath:"#/properties/top_logprobs/maximum",keyword:"maximum",params:{comparison: "<=", limit: 20}}];
return false;
}
else {
if(data9 < 0 || isNaN(data9)){
validate10.errors = [{instancePath:instancePath+"/top_logprobs",schemaPath:"#/properties/top_logprobs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0}}];
return false;
}
}
}
}
var valid0 = _errs26 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.max_tokens !== undefined){
let data10 = data.max_tokens;
const _errs28 = errors;
const _errs29 = errors;
let valid5 = false;
const _errs30 = errors;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err5 = {instancePath:instancePath+"/max_tokens",schemaPath:"#/properties/max_tokens/anyOf/0/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(errors === _errs30){
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 > 9007199254740991 || isNaN(data10)){
const err6 = {instancePath:instancePath+"/max_tokens",schemaPath:"#/properties/max_tokens/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
else {
if(data10 < 0 || isNaN(data10)){
const err7 = {instancePath:instancePath+"/max_tokens",schemaPath:"#/properties/max_tokens/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
}
var _valid0 = _errs30 === errors;
valid5 = valid5 || _valid0;
if(!valid5){
const _errs32 = errors;
if(data10 !== null){
const err8 = {instancePath:instancePath+"/max_tokens",schemaPath:"#/properties/max_tokens/anyOf/1/type",keyword:"type",params:{type: "null"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid0 = _errs32 === errors;
valid5 = valid5 || _valid0;
}
if(!valid5){
const err9 = {instancePath:instancePath+"/max_tokens",schemaPath:"#/properties/max_tokens/anyOf",keyword:"anyOf",params:{}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs29;
if(vErrors !== null){
if(_errs29){
vErrors.length = _errs29;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs28 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.max_completion_tokens !== undefined){
let data11 = data.max_completion_tokens;
const _errs34 = errors;
const _errs35 = errors;
let valid6 = false;
const _errs36 = errors;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err10 = {instancePath:instancePath+"/max_completion_tokens",schemaPath:"#/properties/max_completion_tokens/anyOf/0/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(errors === _errs36){
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 > 9007199254740991 || isNaN(data11)){
const err11 = {instancePath:instancePath+"/max_completion_tokens",schemaPath:"#/properties/max_completion_tokens/anyOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
else {
if(data11 < 0 || isNaN(data11)){
const err12 = {instancePath:instancePath+"/max_completion_tokens",schemaPath:"#/properties/max_completion_tokens/anyOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
}
var _valid1 = _errs36 === errors;
valid6 = valid6 || _valid1;
if(!valid6){
const _errs38 = errors;
if(data11 !== null){
const err13 = {instancePath:instancePath+"/max_completion_tokens",schemaPath:"#/properties/max_completion_tokens/anyOf/1/type",keyword:"type",params:{type: "null"}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
var _valid1 = _errs38 === errors;
valid6 = valid6 || _valid1;
}
if(!valid6){
const err14 = {instancePath:instancePath+"/max_completion_tokens",schemaPath:"#/properties/max_completion_tokens/anyOf",keyword:"anyOf",params:{}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs35;
if(vErrors !== null){
if(_errs35){
vErrors.length = _errs35;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs34 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.n !== undefined){
let data12 = data.n;
const _errs40 = errors;
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
validate10.errors = [{instancePath:instancePath+"/n",schemaPath:"#/properties/n/type",keyword:"type",params:{type: "integer"}}];
return false;
}
if(errors === _errs40){
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 > 128 || isNaN(data12)){
validate10.errors = [{instancePath:instancePath+"/n",schemaPath:"#/properties/n/maximum",keyword:"maximum",params:{comparison: "<=", limit: 128}}];
return false;
}
else {
if(data12 < 1 || isNaN(data12)){
validate10.errors = [{instancePath:instancePath+"/n",schemaPath:"#/properties/n/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}}];
return false;
}
}
}
}
var valid0 = _errs40 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.modalities !== undefined){
let data13 = data.modalities;
const _errs42 = errors;
if(errors === _errs42){
if(Array.isArray(data13)){
if(data13.length < 1){
validate10.errors = [{instancePath:instancePath+"/modalities",schemaPath:"#/properties/modalities/minItems",keyword:"minItems",params:{limit: 1}}];
return false;
}
else {
var valid7 = true;
const len0 = data13.length;
for(let i0=0; i0<len0; i0++){
let data14 = data13[i0];
const _errs44 = errors;
if(typeof data14 !== "string"){
validate10.errors = [{instancePath:instancePath+"/modalities/" + i0,schemaPath:"#/properties/modalities/items/type",keyword:"type",params:{type: "string"}}];
return false;
}
if(!((data14 === "text") || (data14 === "audio"))){
validate10.errors = [{instancePath:instancePath+"/modalities/" + i0,schemaPath:"#/properties/modalities/items/enum",keyword:"enum",params:{allowedValues: schema11.properties.modalities.items.enum}}];
return false;
}
var valid7 = _errs44 === errors;
if(!valid7){
break;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/modalities",schemaPath:"#/properties/modalities/type",keyword:"type",params:{type: "array"}}];
return false;
}
}
var valid0 = _errs42 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.audio !== undefined){
let data15 = data.audio;
const _errs46 = errors;
if(errors === _errs46){
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
let missing1;
if(((data15.voice === undefined) && (missing1 = "voice")) || ((data15.format === undefined) && (missing1 = "format"))){
validate10.errors = [{instancePath:instancePath+"/audio",schemaPath:"#/properties/audio/required",keyword:"required",params:{missingProperty: missing1}}];
return false;
}
else {
const _errs48 = errors;
for(const key5 in data15){
if(!((key5 === "voice") || (key5 === "format"))){
validate10.errors = [{instancePath:instancePath+"/audio",schemaPath:"#/properties/audio/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5}}];
return false;
break;
}
}
if(_errs48 === errors){
if(data15.voice !== undefined){
let data16 = data15.voice;
const _errs49 = errors;
if(typeof data16 !== "string"){
validate10.errors = [{instancePath:instancePath+"/audio/voice",schemaPath:"#/properties/audio/properties/voice/type",keyword:"type",params:{type: "string"}}];
return false;
}
if(!((((((((data16 === "alloy") || (data16 === "ash")) || (data16 === "ballad")) || (data16 === "coral")) || (data16 === "echo")) || (data16 === "sage")) || (data16 === "shimmer")) || (data16 === "verse"))){
validate10.errors = [{instancePath:instancePath+"/audio/voice",schemaPath:"#/properties/audio/properties/voice/enum",keyword:"enum",params:{allowedValues: schema11.properties.audio.properties.voice.enum}}];
return false;
}
var valid8 = _errs49 === errors;
}
else {
var valid8 = true;
}
if(valid8){
if(data15.format !== undefined){
let data17 = data15.format;
const _errs51 = errors;
if(typeof data17 !== "string"){
validate10.errors = [{instancePath:instancePath+"/audio/format",schemaPath:"#/properties/audio/properties/format/type",keyword:"type",params:{type: "string"}}];
return false;
}
if(!(((((data17 === "wav") || (data17 === "mp3")) || (data17 === "flac")) || (data17 === "opus")) || (data17 === "pcm16"))){
validate10.errors = [{instancePath:instancePath+"/audio/format",schemaPath:"#/properties/audio/properties/format/enum",keyword:"enum",params:{allowedValues: schema11.properties.audio.properties.format.enum}}];
return false;
}
var valid8 = _errs51 === errors;
}
else {
var valid8 = true;
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/audio",schemaPath:"#/properties/audio/type",keyword:"type",params:{type: "object"}}];
return false;
}
}
var valid0 = _errs46 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.seed !== undefined){
let data18 = data.seed;
const _errs53 = errors;
if(!(((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18))) && (isFinite(data18)))){
validate10.errors = [{instancePath:instancePath+"/seed",schemaPath:"#/properties/seed/type",keyword:"type",params:{type: "integer"}}];
return false;
}
if(errors === _errs53){
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 > 9007199254740991 || isNaN(data18)){
validate10.errors = [{instancePath:instancePath+"/seed",schemaPath:"#/properties/seed/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991}}];
return false;
}
else {
if(data18 < -9007199254740991 || isNaN(data18)){
validate10.errors = [{instancePath:instancePath+"/seed",schemaPath:"#/properties/seed/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991}}];
return false;
}
}
}
}
var valid0 = _errs53 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.service_tier !== undefined){
let data19 = data.service_tier;
const _errs55 = errors;
if(typeof data19 !== "string"){
validate10.errors = [{instancePath:instancePath+"/service_tier",schemaPath:"#/properties/service_tier/type",keyword:"type",params:{type: "string"}}];
return false;
}
if(!(((((data19 === "auto") || (data19 === "default")) || (data19 === "flex")) || (data19 === "scale")) || (data19 === "priority"))){
validate10.errors = [{instancePath:instancePath+"/service_tier",schemaPath:"#/properties/service_tier/enum",keyword:"enum",params:{allowedValues: schema11.properties.service_tier.enum}}];
return false;
}
var valid0 = _errs55 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.stream !== undefined){
const _errs57 = errors;
if(typeof data.stream !== "boolean"){
validate10.errors = [{instancePath:instancePath+"/stream",schemaPath:"#/properties/stream/type",keyword:"type",params:{type: "boolean"}}];
return false;
}
var valid0 = _errs57 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.stream_options !== undefined){
let data21 = data.stream_options;
const _errs59 = errors;
const _errs60 = errors;
let valid9 = false;
const _errs61 = errors;
if(errors === _errs61){
if(data21 && typeof data21 == "object" && !Array.isArray(data21)){
const _errs63 = errors;
for(const key6 in data21){
if(!((key6 === "include_usage") || (key6 === "include_obfuscation"))){
const err15 = {instancePath:instancePath+"/stream_options",schemaPath:"#/properties/stream_options/anyOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
break;
}
}
if(_errs63 === errors){
if(data21.include_usage !== undefined){
const _errs64 = errors;
if(typeof data21.include_usage !== "boolean"){
const err16 = {instancePath:instancePath+"/stream_options/include_usage",schemaPath:"#/properties/stream_options/anyOf/0/properties/include_usage/type",keyword:"type",params:{type: "boolean"}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
var valid10 = _errs64 === errors;
}
else {
var valid10 = true;
}
if(valid10){
if(data21.include_obfuscation !== undefined){
const _errs66 = errors;
if(typeof data21.include_obfuscation !== "boolean"){
const err17 = {instancePath:instancePath+"/stream_options/include_obfuscation",schemaPath:"#/properties/stream_options/anyOf/0/properties/include_obfuscation/type",keyword:"type",params:{type: "boolean"}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
var valid10 = _errs66 === errors;
}
else {
var valid10 = true;
}
}
}
}
else {
const err18 = {instancePath:instancePath+"/stream_options",schemaPath:"#/properties/stream_options/anyOf/0/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
var _valid2 = _errs61 === errors;
valid9 = valid9 || _valid2;
if(!valid9){
const _errs68 = errors;
if(data21 !== null){
const err19 = {instancePath:instancePath+"/stream_options",schemaPath:"#/properties/stream_options/anyOf/1/type",keyword:"type",params:{type: "null"}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
var _valid2 = _errs68 === errors;
valid9 = valid9 || _valid2;
}
if(!valid9){
const err20 = {instancePath:instancePath+"/stream_options",schemaPath:"#/properties/stream_options/anyOf",keyword:"anyOf",params:{}};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs60;
if(vErrors !== null){
if(_errs60){
vErrors.length = _errs60;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs59 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.temperature !== undefined){
let data24 = data.temperature;
const _errs70 = errors;
if(errors === _errs70){
if((typeof data24 == "number") && (isFinite(data24))){
if(data24 > 2 || isNaN(data24)){
validate10.errors = [{instancePath:instancePath+"/temperature",schemaPath:"#/properties/temperature/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2}}];
return false;
}
else {
if(data24 < 0 || isNaN(data24)){
validate10.errors = [{instancePath:instancePath+"/temperature",schemaPath:"#/properties/temperature/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0}}];
return false;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/temperature",schemaPath:"#/properties/temperature/type",keyword:"type",params:{type: "number"}}];
return false;
}
}
var valid0 = _errs70 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.top_p !== undefined){
let data25 = data.top_p;
const _errs72 = errors;
if(errors === _errs72){
if((typeof data25 == "number") && (isFinite(data25))){
if(data25 > 1 || isNaN(data25)){
validate10.errors = [{instancePath:instancePath+"/top_p",schemaPath:"#/properties/top_p/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1}}];
return false;
}
else {
if(data25 < 0 || isNaN(data25)){
validate10.errors = [{instancePath:instancePath+"/top_p",schemaPath:"#/properties/top_p/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0}}];
return false;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/top_p",schemaPath:"#/properties/top_p/type",keyword:"type",params:{type: "number"}}];
return false;
}
}
var valid0 = _errs72 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.max_tool_rounds !== undefined){
let data26 = data.max_tool_rounds;
const _errs74 = errors;
if(!(((typeof data26 == "number") && (!(data26 % 1) && !isNaN(data26))) && (isFinite(data26)))){
validate10.errors = [{instancePath:instancePath+"/max_tool_rounds",schemaPath:"#/properties/max_tool_rounds/type",keyword:"type",params:{type: "integer"}}];
return false;
}
if(errors === _errs74){
if((typeof data26 == "number") && (isFinite(data26))){
if(data26 > 64 || isNaN(data26)){
validate10.errors = [{instancePath:instancePath+"/max_tool_rounds",schemaPath:"#/properties/max_tool_rounds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 64}}];
return false;
}
else {
if(data26 < 1 || isNaN(data26)){
validate10.errors = [{instancePath:instancePath+"/max_tool_rounds",schemaPath:"#/properties/max_tool_rounds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}}];
return false;
}
}
}
}
var valid0 = _errs74 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.parallel_tool_calls !== undefined){
const _errs76 = errors;
if(typeof data.parallel_tool_calls !== "boolean"){
validate10.errors = [{instancePath:instancePath+"/parallel_tool_calls",schemaPath:"#/properties/parallel_tool_calls/type",keyword:"type",params:{type: "boolean"}}];
return false;
}
var valid0 = _errs76 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.reasoning_effort !== undefined){
let data28 = data.reasoning_effort;
const _errs78 = errors;
if(typeof data28 !== "string"){
validate10.errors = [{instancePath:instancePath+"/reasoning_effort",schemaPath:"#/properties/reasoning_effort/type",keyword:"type",params:{type: "string"}}];
return false;
}
if(!(((((((data28 === "none") || (data28 === "minimal")) || (data28 === "low")) || (data28 === "medium")) || (data28 === "high")) || (data28 === "xhigh")) || (data28 === "max"))){
validate10.errors = [{instancePath:instancePath+"/reasoning_effort",schemaPath:"#/properties/reasoning_effort/enum",keyword:"enum",params:{allowedValues: schema11.properties.reasoning_effort.enum}}];
return false;
}
var valid0 = _errs78 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.verbosity !== undefined){
let data29 = data.verbosity;
const _errs80 = errors;
if(typeof data29 !== "string"){
validate10.errors = [{instancePath:instancePath+"/verbosity",schemaPath:"#/properties/verbosity/type",keyword:"type",params:{type: "string"}}];
return false;
}
if(!(((data29 === "low") || (data29 === "medium")) || (data29 === "high"))){
validate10.errors = [{instancePath:instancePath+"/verbosity",schemaPath:"#/properties/verbosity/enum",keyword:"enum",params:{allowedValues: schema11.properties.verbosity.enum}}];
return false;
}
var valid0 = _errs80 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.user !== undefined){
const _errs82 = errors;
if(typeof data.user !== "string"){
validate10.errors = [{instancePath:instancePath+"/user",schemaPath:"#/properties/user/type",keyword:"type",params:{type: "string"}}];
return false;
}
var valid0 = _errs82 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.safety_identifier !== undefined){
const _errs84 = errors;
if(typeof data.safety_identifier !== "string"){
validate10.errors = [{instancePath:instancePath+"/safety_identifier",schemaPath:"#/properties/safety_identifier/type",keyword:"type",params:{type: "string"}}];
return false;
}
var valid0 = _errs84 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.prompt_cache_key !== undefined){
const _errs86 = errors;
if(typeof data.prompt_cache_key !== "string"){
validate10.errors = [{instancePath:instancePath+"/prompt_cache_key",schemaPath:"#/properties/prompt_cache_key/type",keyword:"type",params:{type: "string"}}];
return false;
}
var valid0 = _errs86 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.prompt_cache_retention !== undefined){
let data33 = data.prompt_cache_retention;
const _errs88 = errors;
if(typeof data33 !== "string"){
validate10.errors = [{instancePath:instancePath+"/prompt_cache_retention",schemaPath:"#/properties/prompt_cache_retention/type",keyword:"type",params:{type: "string"}}];
return false;
}
if(!((data33 === "in-memory") || (data33 === "24h"))){
validate10.errors = [{instancePath:instancePath+"/prompt_cache_retention",schemaPath:"#/properties/prompt_cache_retention/enum",keyword:"enum",params:{allowedValues: schema11.properties.prompt_cache_retention.enum}}];
return false;
}
var valid0 = _errs88 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.messages !== undefined){
let data34 = data.messages;
const _errs90 = errors;
if(errors === _errs90){
if(Array.isArray(data34)){
if(data34.length < 1){
validate10.errors = [{instancePath:instancePath+"/messages",schemaPath:"#/properties/messages/minItems",keyword:"minItems",params:{limit: 1}}];
return false;
}
else {
var valid11 = true;
const len1 = data34.length;
for(let i1=0; i1<len1; i1++){
let data35 = data34[i1];
const _errs92 = errors;
const _errs93 = errors;
let valid12 = false;
const _errs94 = errors;
if(errors === _errs94){
if(data35 && typeof data35 == "object" && !Array.isArray(data35)){
let missing2;
if(((data35.role === undefined) && (missing2 = "role")) || ((data35.content === undefined) && (missing2 = "content"))){
const err21 = {instancePath:instancePath+"/messages/" + i1,schemaPath:"#/properties/messages/items/anyOf/0/required",keyword:"required",params:{missingProperty: missing2}};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
else {
const _errs96 = errors;
for(const key7 in data35){
if(!(((key7 === "role") || (key7 === "content")) || (key7 === "name"))){
const err22 = {instancePath:instancePath+"/messages/" + i1,schemaPath:"#/properties/messages/items/anyOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7}};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
break;
}
}
if(_errs96 === errors){
if(data35.role !== undefined){
let data36 = data35.role;
const _errs97 = errors;
if(!((((data36 === "system") || (data36 === "developer")) || (data36 === "user")) || (data36 === "assistant"))){
const err23 = {instancePath:instancePath+"/messages/" + i1+"/role",schemaPath:"#/properties/messages/items/anyOf/0/properties/role/enum",keyword:"enum",params:{allowedValues: schema11.properties.messages.items.anyOf[0].properties.role.enum}};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
var valid13 = _errs97 === errors;
}
else {
var valid13 = true;
}
if(valid13){
if(data35.content !== undefined){
const _errs98 = errors;
if(typeof data35.content !== "string"){
const err24 = {instancePath:instancePath+"/messages/" + i1+"/content",schemaPath:"#/properties/messages/items/anyOf/0/properties/content/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
var valid13 = _errs98 === errors;
}
else {
var valid13 = true;
}
if(valid13){
if(data35.name !== undefined){
const _errs100 = errors;
if(typeof data35.name !== "string"){
const err25 = {instancePath:instancePath+"/messages/" + i1+"/name",schemaPath:"#/properties/messages/items/anyOf/0/properties/name/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
var valid13 = _errs100 === errors;
}
else {
var valid13 = true;
}
}
}
}
}
}
else {
const err26 = {instancePath:instancePath+"/messages/" + i1,schemaPath:"#/properties/messages/items/anyOf/0/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
var _valid3 = _errs94 === errors;
valid12 = valid12 || _valid3;
if(!valid12){
const _errs102 = errors;
if(errors === _errs102){
if(data35 && typeof data35 == "object" && !Array.isArray(data35)){
let missing3;
if(((data35.role === undefined) && (missing3 = "role")) || ((data35.tool_calls === undefined) && (missing3 = "tool_calls"))){
const err27 = {instancePath:instancePath+"/messages/" + i1,schemaPath:"#/properties/messages/items/anyOf/1/required",keyword:"required",params:{missingProperty: missing3}};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
else {
const _errs104 = errors;
for(const key8 in data35){
if(!(((((key8 === "role") || (key8 === "content")) || (key8 === "refusal")) || (key8 === "name")) || (key8 === "tool_calls"))){
const err28 = {instancePath:instancePath+"/messages/" + i1,schemaPath:"#/properties/messages/items/anyOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8}};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
break;
}
}
if(_errs104 === errors){
if(data35.role !== undefined){
const _errs105 = errors;
if("assistant" !== data35.role){
const err29 = {instancePath:instancePath+"/messages/" + i1+"/role",schemaPath:"#/properties/messages/items/anyOf/1/properties/role/const",keyword:"const",params:{allowedValue: "assistant"}};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
var valid14 = _errs105 === errors;
}
else {
var valid14 = true;
}
if(valid14){
if(data35.content !== undefined){
let data40 = data35.content;
const _errs106 = errors;
if((typeof data40 !== "string") && (data40 !== null)){
const err30 = {instancePath:instancePath+"/messages/" + i1+"/content",schemaPath:"#/properties/messages/items/anyOf/1/properties/content/type",keyword:"type",params:{type: schema11.properties.messages.items.anyOf[1].properties.content.type}};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
var valid14 = _errs106 === errors;
}
else {
var valid14 = true;
}
if(valid14){
if(data35.refusal !== undefined){
let data41 = data35.refusal;
const _errs108 = errors;
if((typeof data41 !== "string") && (data41 !== null)){
const err31 = {instancePath:instancePath+"/messages/" + i1+"/refusal",schemaPath:"#/properties/messages/items/anyOf/1/properties/refusal/type",keyword:"type",params:{type: schema11.properties.messages.items.anyOf[1].properties.refusal.type}};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
var valid14 = _errs108 === errors;
}
else {
var valid14 = true;
}
if(valid14){
if(data35.name !== undefined){
const _errs110 = errors;
if(typeof data35.name !== "string"){
const err32 = {instancePath:instancePath+"/messages/" + i1+"/name",schemaPath:"#/properties/messages/items/anyOf/1/properties/name/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
var valid14 = _errs110 === errors;
}
else {
var valid14 = true;
}
if(valid14){
if(data35.tool_calls !== undefined){
let data43 = data35.tool_calls;
const _errs112 = errors;
if(errors === _errs112){
if(Array.isArray(data43)){
if(data43.length < 1){
const err33 = {instancePath:instancePath+"/messages/" + i1+"/tool_calls",schemaPath:"#/properties/messages/items/anyOf/1/properties/tool_calls/minItems",keyword:"minItems",params:{limit: 1}};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
else {
var valid15 = true;
const len2 = data43.length;
for(let i2=0; i2<len2; i2++){
let data44 = data43[i2];
const _errs114 = errors;
if(errors === _errs114){
if(data44 && typeof data44 == "object" && !Array.isArray(data44)){
let missing4;
if((((data44.id === undefined) && (missing4 = "id")) || ((data44.type === undefined) && (missing4 = "type"))) || ((data44.function === undefined) && (missing4 = "function"))){
const err34 = {instancePath:instancePath+"/messages/" + i1+"/tool_calls/" + i2,schemaPath:"#/properties/messages/items/anyOf/1/properties/tool_calls/items/required",keyword:"required",params:{missingProperty: missing4}};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
else {
const _errs116 = errors;
for(const key9 in data44){
if(!(((key9 === "id") || (key9 === "type")) || (key9 === "function"))){
const err35 = {instancePath:instancePath+"/messages/" + i1+"/tool_calls/" + i2,schemaPath:"#/properties/messages/items/anyOf/1/properties/tool_calls/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key9}};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
break;
}
}
if(_errs116 === errors){
if(data44.id !== undefined){
let data45 = data44.id;
const _errs117 = errors;
if(errors === _errs117){
if(typeof data45 === "string"){
if(data45.length < 1){
const err36 = {instancePath:instancePath+"/messages/" + i1+"/tool_calls/" + i2+"/id",schemaPath:"#/properties/messages/items/anyOf/1/properties/tool_calls/items/properties/id/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
else {
const err37 = {instancePath:instancePath+"/messages/" + i1+"/tool_calls/" + i2+"/id",schemaPath:"#/properties/messages/items/anyOf/1/properties/tool_calls/items/properties/id/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
var valid16 = _errs117 === errors;
}
else {
var valid16 = true;
}
if(valid16){
if(data44.type !== undefined){
const _errs119 = errors;
if("function" !== data44.type){
const err38 = {instancePath:instancePath+"/messages/" + i1+"/tool_calls/" + i2+"/type",schemaPath:"#/properties/messages/items/anyOf/1/properties/tool_calls/items/properties/type/const",keyword:"const",params:{allowedValue: "function"}};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
var valid16 = _errs119 === errors;
}
else {
var valid16 = true;
}
if(valid16){
if(data44.function !== undefined){
let data47 = data44.function;
const _errs120 = errors;
if(errors === _errs120){
if(data47 && typeof data47 == "object" && !Array.isArray(data47)){
let missing5;
if(((data47.name === undefined) && (missing5 = "name")) || ((data47.arguments === undefined) && (missing5 = "arguments"))){
const err39 = {instancePath:instancePath+"/messages/" + i1+"/tool_calls/" + i2+"/function",schemaPath:"#/properties/messages/items/anyOf/1/properties/tool_calls/items/properties/function/required",keyword:"required",params:{missingProperty: missing5}};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
else {
const _errs122 = errors;
for(const key10 in data47){
if(!((key10 === "name") || (key10 === "arguments"))){
const err40 = {instancePath:instancePath+"/messages/" + i1+"/tool_calls/" + i2+"/function",schemaPath:"#/properties/messages/items/anyOf/1/properties/tool_calls/items/properties/function/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key10}};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
break;
}
}
if(_errs122 === errors){
if(data47.name !== undefined){
let data48 = data47.name;
const _errs123 = errors;
if(errors === _errs123){
if(typeof data48 === "string"){
if(data48.length < 1){
const err41 = {instancePath:instancePath+"/messages/" + i1+"/tool_calls/" + i2+"/function/name",schemaPath:"#/properties/messages/items/anyOf/1/properties/tool_calls/items/properties/function/properties/name/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
else {
const err42 = {instancePath:instancePath+"/messages/" + i1+"/tool_calls/" + i2+"/function/name",schemaPath:"#/properties/messages/items/anyOf/1/properties/tool_calls/items/properties/function/properties/name/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
var valid17 = _errs123 === errors;
}
else {
var valid17 = true;
}
if(valid17){
if(data47.arguments !== undefined){
const _errs125 = errors;
if(typeof data47.arguments !== "string"){
const err43 = {instancePath:instancePath+"/messages/" + i1+"/tool_calls/" + i2+"/function/arguments",schemaPath:"#/properties/messages/items/anyOf/1/properties/tool_calls/items/properties/function/properties/arguments/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
var valid17 = _errs125 === errors;
}
else {
var valid17 = true;
}
}
}
}
}
else {
const err44 = {instancePath:instancePath+"/messages/" + i1+"/tool_calls/" + i2+"/function",schemaPath:"#/properties/messages/items/anyOf/1/properties/tool_calls/items/properties/function/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
var valid16 = _errs120 === errors;
}
else {
var valid16 = true;
}
}
}
}
}
}
else {
const err45 = {instancePath:instancePath+"/messages/" + i1+"/tool_calls/" + i2,schemaPath:"#/properties/messages/items/anyOf/1/properties/tool_calls/items/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
var valid15 = _errs114 === errors;
if(!valid15){
break;
}
}
}
}
else {
const err46 = {instancePath:instancePath+"/messages/" + i1+"/tool_calls",schemaPath:"#/properties/messages/items/anyOf/1/properties/tool_calls/type",keyword:"type",params:{type: "array"}};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
var valid14 = _errs112 === errors;
}
else {
var valid14 = true;
}
}
}
}
}
}
}
}
else {
const err47 = {instancePath:instancePath+"/messages/" + i1,schemaPath:"#/properties/messages/items/anyOf/1/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
var _valid3 = _errs102 === errors;
valid12 = valid12 || _valid3;
if(!valid12){
const _errs127 = errors;
if(errors === _errs127){
if(data35 && typeof data35 == "object" && !Array.isArray(data35)){
let missing6;
if((((data35.role === undefined) && (missing6 = "role")) || ((data35.content === undefined) && (missing6 = "content"))) || ((data35.tool_call_id === undefined) && (missing6 = "tool_call_id"))){
const err48 = {instancePath:instancePath+"/messages/" + i1,schemaPath:"#/properties/messages/items/anyOf/2/required",keyword:"required",params:{missingProperty: missing6}};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
else {
const _errs129 = errors;
for(const key11 in data35){
if(!(((key11 === "role") || (key11 === "content")) || (key11 === "tool_call_id"))){
const err49 = {instancePath:instancePath+"/messages/" + i1,schemaPath:"#/properties/messages/items/anyOf/2/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key11}};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
break;
}
}
if(_errs129 === errors){
if(data35.role !== undefined){
const _errs130 = errors;
if("tool" !== data35.role){
const err50 = {instancePath:instancePath+"/messages/" + i1+"/role",schemaPath:"#/properties/messages/items/anyOf/2/properties/role/const",keyword:"const",params:{allowedValue: "tool"}};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
var valid18 = _errs130 === errors;
}
else {
var valid18 = true;
}
if(valid18){
if(data35.content !== undefined){
const _errs131 = errors;
if(typeof data35.content !== "string"){
const err51 = {instancePath:instancePath+"/messages/" + i1+"/content",schemaPath:"#/properties/messages/items/anyOf/2/properties/content/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
var valid18 = _errs131 === errors;
}
else {
var valid18 = true;
}
if(valid18){
if(data35.tool_call_id !== undefined){
let data52 = data35.tool_call_id;
const _errs133 = errors;
if(errors === _errs133){
if(typeof data52 === "string"){
if(data52.length < 1){
const err52 = {instancePath:instancePath+"/messages/" + i1+"/tool_call_id",schemaPath:"#/properties/messages/items/anyOf/2/properties/tool_call_id/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
else {
const err53 = {instancePath:instancePath+"/messages/" + i1+"/tool_call_id",schemaPath:"#/properties/messages/items/anyOf/2/properties/tool_call_id/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
var valid18 = _errs133 === errors;
}
else {
var valid18 = true;
}
}
}
}
}
}
else {
const err54 = {instancePath:instancePath+"/messages/" + i1,schemaPath:"#/properties/messages/items/anyOf/2/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
var _valid3 = _errs127 === errors;
valid12 = valid12 || _valid3;
}
}
if(!valid12){
const err55 = {instancePath:instancePath+"/messages/" + i1,schemaPath:"#/properties/messages/items/anyOf",keyword:"anyOf",params:{}};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs93;
if(vErrors !== null){
if(_errs93){
vErrors.length = _errs93;
}
else {
vErrors = null;
}
}
}
var valid11 = _errs92 === errors;
if(!valid11){
break;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/messages",schemaPath:"#/properties/messages/type",keyword:"type",params:{type: "array"}}];
return false;
}
}
var valid0 = _errs90 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.tools !== undefined){
let data53 = data.tools;
const _errs135 = errors;
if(errors === _errs135){
if(Array.isArray(data53)){
if(data53.length > 128){
validate10.errors = [{instancePath:instancePath+"/tools",schemaPath:"#/properties/tools/maxItems",keyword:"maxItems",params:{limit: 128}}];
return false;
}
else {
var valid19 = true;
const len3 = data53.length;
for(let i3=0; i3<len3; i3++){
let data54 = data53[i3];
const _errs137 = errors;
if(errors === _errs137){
if(data54 && typeof data54 == "object" && !Array.isArray(data54)){
let missing7;
if(((data54.type === undefined) && (missing7 = "type")) || ((data54.function === undefined) && (missing7 = "function"))){
validate10.errors = [{instancePath:instancePath+"/tools/" + i3,schemaPath:"#/properties/tools/items/required",keyword:"required",params:{missingProperty: missing7}}];
return false;
}
else {
const _errs139 = errors;
for(const key12 in data54){
if(!((key12 === "type") || (key12 === "function"))){
validate10.errors = [{instancePath:instancePath+"/tools/" + i3,schemaPath:"#/properties/tools/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key12}}];
return false;
break;
}
}
if(_errs139 === errors){
if(data54.type !== undefined){
const _errs140 = errors;
if("function" !== data54.type){
validate10.errors = [{instancePath:instancePath+"/tools/" + i3+"/type",schemaPath:"#/properties/tools/items/properties/type/const",keyword:"const",params:{allowedValue: "function"}}];
return false;
}
var valid20 = _errs140 === errors;
}
else {
var valid20 = true;
}
if(valid20){
if(data54.function !== undefined){
let data56 = data54.function;
const _errs141 = errors;
if(errors === _errs141){
if(data56 && typeof data56 == "object" && !Array.isArray(data56)){
let missing8;
if((data56.name === undefined) && (missing8 = "name")){
validate10.errors = [{instancePath:instancePath+"/tools/" + i3+"/function",schemaPath:"#/properties/tools/items/properties/function/required",keyword:"required",params:{missingProperty: missing8}}];
return false;
}
else {
const _errs143 = errors;
for(const key13 in data56){
if(!((((key13 === "name") || (key13 === "description")) || (key13 === "parameters")) || (key13 === "strict"))){
validate10.errors = [{instancePath:instancePath+"/tools/" + i3+"/function",schemaPath:"#/properties/tools/items/properties/function/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key13}}];
return false;
break;
}
}
if(_errs143 === errors){
if(data56.name !== undefined){
let data57 = data56.name;
const _errs144 = errors;
if(errors === _errs144){
if(typeof data57 === "string"){
if(!pattern1.test(data57)){
validate10.errors = [{instancePath:instancePath+"/tools/" + i3+"/function/name",schemaPath:"#/properties/tools/items/properties/function/properties/name/pattern",keyword:"pattern",params:{pattern: "^[a-zA-Z0-9_-]{1,64}$"}}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/tools/" + i3+"/function/name",schemaPath:"#/properties/tools/items/properties/function/properties/name/type",keyword:"type",params:{type: "string"}}];
return false;
}
}
var valid21 = _errs144 === errors;
}
else {
var valid21 = true;
}
if(valid21){
if(data56.description !== undefined){
const _errs146 = errors;
if(typeof data56.description !== "string"){
validate10.errors = [{instancePath:instancePath+"/tools/" + i3+"/function/description",schemaPath:"#/properties/tools/items/properties/function/properties/description/type",keyword:"type",params:{type: "string"}}];
return false;
}
var valid21 = _errs146 === errors;
}
else {
var valid21 = true;
}
if(valid21){
if(data56.parameters !== undefined){
let data59 = data56.parameters;
const _errs148 = errors;
if(!(data59 && typeof data59 == "object" && !Array.isArray(data59))){
validate10.errors = [{instancePath:instancePath+"/tools/" + i3+"/function/parameters",schemaPath:"#/properties/tools/items/properties/function/properties/parameters/type",keyword:"type",params:{type: "object"}}];
return false;
}
var valid21 = _errs148 === errors;
}
else {
var valid21 = true;
}
if(valid21){
if(data56.strict !== undefined){
let data60 = data56.strict;
const _errs150 = errors;
if((typeof data60 !== "boolean") && (data60 !== null)){
validate10.errors = [{instancePath:instancePath+"/tools/" + i3+"/function/strict",schemaPath:"#/properties/tools/items/properties/function/properties/strict/type",keyword:"type",params:{type: schema11.properties.tools.items.properties.function.properties.strict.type}}];
return false;
}
var valid21 = _errs150 === errors;
}
else {
var valid21 = true;
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/tools/" + i3+"/function",schemaPath:"#/properties/tools/items/properties/function/type",keyword:"type",params:{type: "object"}}];
return false;
}
}
var valid20 = _errs141 === errors;
}
else {
var valid20 = true;
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/tools/" + i3,schemaPath:"#/properties/tools/items/type",keyword:"type",params:{type: "object"}}];
return false;
}
}
var valid19 = _errs137 === errors;
if(!valid19){
break;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/tools",schemaPath:"#/properties/tools/type",keyword:"type",params:{type: "array"}}];
return false;
}
}
var valid0 = _errs135 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.tool_choice !== undefined){
let data61 = data.tool_choice;
const _errs152 = errors;
const _errs153 = errors;
let valid22 = false;
const _errs154 = errors;
if(!(((data61 === "none") || (data61 === "auto")) || (data61 === "required"))){
const err56 = {instancePath:instancePath+"/tool_choice",schemaPath:"#/properties/tool_choice/anyOf/0/enum",keyword:"enum",params:{allowedValues: schema11.properties.tool_choice.anyOf[0].enum}};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
var _valid4 = _errs154 === errors;
valid22 = valid22 || _valid4;
if(!valid22){
const _errs155 = errors;
if(errors === _errs155){
if(data61 && typeof data61 == "object" && !Array.isArray(data61)){
let missing9;
if(((data61.type === undefined) && (missing9 = "type")) || ((data61.function === undefined) && (missing9 = "function"))){
const err57 = {instancePath:instancePath+"/tool_choice",schemaPath:"#/properties/tool_choice/anyOf/1/required",keyword:"required",params:{missingProperty: missing9}};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
else {
const _errs157 = errors;
for(const key14 in data61){
if(!((key14 === "type") || (key14 === "function"))){
const err58 = {instancePath:instancePath+"/tool_choice",schemaPath:"#/properties/tool_choice/anyOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key14}};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
break;
}
}
if(_errs157 === errors){
if(data61.type !== undefined){
const _errs158 = errors;
if("function" !== data61.type){
const err59 = {instancePath:instancePath+"/tool_choice/type",schemaPath:"#/properties/tool_choice/anyOf/1/properties/type/const",keyword:"const",params:{allowedValue: "function"}};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
var valid23 = _errs158 === errors;
}
else {
var valid23 = true;
}
if(valid23){
if(data61.function !== undefined){
let data63 = data61.function;
const _errs159 = errors;
if(errors === _errs159){
if(data63 && typeof data63 == "object" && !Array.isArray(data63)){
let missing10;
if((data63.name === undefined) && (missing10 = "name")){
const err60 = {instancePath:instancePath+"/tool_choice/function",schemaPath:"#/properties/tool_choice/anyOf/1/properties/function/required",keyword:"required",params:{missingProperty: missing10}};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
else {
const _errs161 = errors;
for(const key15 in data63){
if(!(key15 === "name")){
const err61 = {instancePath:instancePath+"/tool_choice/function",schemaPath:"#/properties/tool_choice/anyOf/1/properties/function/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key15}};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
break;
}
}
if(_errs161 === errors){
if(data63.name !== undefined){
let data64 = data63.name;
const _errs162 = errors;
if(errors === _errs162){
if(typeof data64 === "string"){
if(!pattern1.test(data64)){
const err62 = {instancePath:instancePath+"/tool_choice/function/name",schemaPath:"#/properties/tool_choice/anyOf/1/properties/function/properties/name/pattern",keyword:"pattern",params:{pattern: "^[a-zA-Z0-9_-]{1,64}$"}};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
else {
const err63 = {instancePath:instancePath+"/tool_choice/function/name",schemaPath:"#/properties/tool_choice/anyOf/1/properties/function/properties/name/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
}
}
}
}
else {
const err64 = {instancePath:instancePath+"/tool_choice/function",schemaPath:"#/properties/tool_choice/anyOf/1/properties/function/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
var valid23 = _errs159 === errors;
}
else {
var valid23 = true;
}
}
}
}
}
else {
const err65 = {instancePath:instancePath+"/tool_choice",schemaPath:"#/properties/tool_choice/anyOf/1/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
var _valid4 = _errs155 === errors;
valid22 = valid22 || _valid4;
}
if(!valid22){
const err66 = {instancePath:instancePath+"/tool_choice",schemaPath:"#/properties/tool_choice/anyOf",keyword:"anyOf",params:{}};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs153;
if(vErrors !== null){
if(_errs153){
vErrors.length = _errs153;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs152 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.stop !== undefined){
let data65 = data.stop;
const _errs164 = errors;
const _errs165 = errors;
let valid25 = false;
const _errs166 = errors;
if(typeof data65 !== "string"){
const err67 = {instancePath:instancePath+"/stop",schemaPath:"#/properties/stop/anyOf/0/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
var _valid5 = _errs166 === errors;
valid25 = valid25 || _valid5;
if(!valid25){
const _errs168 = errors;
if(errors === _errs168){
if(Array.isArray(data65)){
if(data65.length > 4){
const err68 = {instancePath:instancePath+"/stop",schemaPath:"#/properties/stop/anyOf/1/maxItems",keyword:"maxItems",params:{limit: 4}};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
else {
if(data65.length < 1){
const err69 = {instancePath:instancePath+"/stop",schemaPath:"#/properties/stop/anyOf/1/minItems",keyword:"minItems",params:{limit: 1}};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
else {
var valid26 = true;
const len4 = data65.length;
for(let i4=0; i4<len4; i4++){
const _errs170 = errors;
if(typeof data65[i4] !== "string"){
const err70 = {instancePath:instancePath+"/stop/" + i4,schemaPath:"#/properties/stop/anyOf/1/items/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
var valid26 = _errs170 === errors;
if(!valid26){
break;
}
}
}
}
}
else {
const err71 = {instancePath:instancePath+"/stop",schemaPath:"#/properties/stop/anyOf/1/type",keyword:"type",params:{type: "array"}};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
var _valid5 = _errs168 === errors;
valid25 = valid25 || _valid5;
}
if(!valid25){
const err72 = {instancePath:instancePath+"/stop",schemaPath:"#/properties/stop/anyOf",keyword:"anyOf",params:{}};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs165;
if(vErrors !== null){
if(_errs165){
vErrors.length = _errs165;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs164 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.response_format !== undefined){
let data67 = data.response_format;
const _errs172 = errors;
const _errs173 = errors;
let valid27 = false;
const _errs174 = errors;
if(errors === _errs174){
if(data67 && typeof data67 == "object" && !Array.isArray(data67)){
let missing11;
if((data67.type === undefined) && (missing11 = "type")){
const err73 = {instancePath:instancePath+"/response_format",schemaPath:"#/properties/response_format/anyOf/0/required",keyword:"required",params:{missingProperty: missing11}};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
else {
const _errs176 = errors;
for(const key16 in data67){
if(!(key16 === "type")){
const err74 = {instancePath:instancePath+"/response_format",schemaPath:"#/properties/response_format/anyOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key16}};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
break;
}
}
if(_errs176 === errors){
if(data67.type !== undefined){
let data68 = data67.type;
if(!((data68 === "text") || (data68 === "json_object"))){
const err75 = {instancePath:instancePath+"/response_format/type",schemaPath:"#/properties/response_format/anyOf/0/properties/type/enum",keyword:"enum",params:{allowedValues: schema11.properties.response_format.anyOf[0].properties.type.enum}};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
}
}
}
else {
const err76 = {instancePath:instancePath+"/response_format",schemaPath:"#/properties/response_format/anyOf/0/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
var _valid6 = _errs174 === errors;
valid27 = valid27 || _valid6;
if(!valid27){
const _errs178 = errors;
if(errors === _errs178){
if(data67 && typeof data67 == "object" && !Array.isArray(data67)){
let missing12;
if(((data67.type === undefined) && (missing12 = "type")) || ((data67.json_schema === undefined) && (missing12 = "json_schema"))){
const err77 = {instancePath:instancePath+"/response_format",schemaPath:"#/properties/response_format/anyOf/1/required",keyword:"required",params:{missingProperty: missing12}};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
else {
const _errs180 = errors;
for(const key17 in data67){
if(!((key17 === "type") || (key17 === "json_schema"))){
const err78 = {instancePath:instancePath+"/response_format",schemaPath:"#/properties/response_format/anyOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key17}};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
break;
}
}
if(_errs180 === errors){
if(data67.type !== undefined){
const _errs181 = errors;
if("json_schema" !== data67.type){
const err79 = {instancePath:instancePath+"/response_format/type",schemaPath:"#/properties/response_format/anyOf/1/properties/type/const",keyword:"const",params:{allowedValue: "json_schema"}};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
var valid29 = _errs181 === errors;
}
else {
var valid29 = true;
}
if(valid29){
if(data67.json_schema !== undefined){
let data70 = data67.json_schema;
const _errs182 = errors;
if(errors === _errs182){
if(data70 && typeof data70 == "object" && !Array.isArray(data70)){
let missing13;
if((data70.name === undefined) && (missing13 = "name")){
const err80 = {instancePath:instancePath+"/response_format/json_schema",schemaPath:"#/properties/response_format/anyOf/1/properties/json_schema/required",keyword:"required",params:{missingProperty: missing13}};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
else {
const _errs184 = errors;
for(const key18 in data70){
if(!((((key18 === "name") || (key18 === "description")) || (key18 === "schema")) || (key18 === "strict"))){
const err81 = {instancePath:instancePath+"/response_format/json_schema",schemaPath:"#/properties/response_format/anyOf/1/properties/json_schema/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key18}};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
break;
}
}
if(_errs184 === errors){
if(data70.name !== undefined){
let data71 = data70.name;
const _errs185 = errors;
if(errors === _errs185){
if(typeof data71 === "string"){
if(!pattern1.test(data71)){
const err82 = {instancePath:instancePath+"/response_format/json_schema/name",schemaPath:"#/properties/response_format/anyOf/1/properties/json_schema/properties/name/pattern",keyword:"pattern",params:{pattern: "^[a-zA-Z0-9_-]{1,64}$"}};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
else {
const err83 = {instancePath:instancePath+"/response_format/json_schema/name",schemaPath:"#/properties/response_format/anyOf/1/properties/json_schema/properties/name/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
var valid30 = _errs185 === errors;
}
else {
var valid30 = true;
}
if(valid30){
if(data70.description !== undefined){
const _errs187 = errors;
if(typeof data70.description !== "string"){
const err84 = {instancePath:instancePath+"/response_format/json_schema/description",schemaPath:"#/properties/response_format/anyOf/1/properties/json_schema/properties/description/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
var valid30 = _errs187 === errors;
}
else {
var valid30 = true;
}
if(valid30){
if(data70.schema !== undefined){
let data73 = data70.schema;
const _errs189 = errors;
if(!(data73 && typeof data73 == "object" && !Array.isArray(data73))){
const err85 = {instancePath:instancePath+"/response_format/json_schema/schema",schemaPath:"#/properties/response_format/anyOf/1/properties/json_schema/properties/schema/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
var valid30 = _errs189 === errors;
}
else {
var valid30 = true;
}
if(valid30){
if(data70.strict !== undefined){
let data74 = data70.strict;
const _errs191 = errors;
if((typeof data74 !== "boolean") && (data74 !== null)){
const err86 = {instancePath:instancePath+"/response_format/json_schema/strict",schemaPath:"#/properties/response_format/anyOf/1/properties/json_schema/properties/strict/type",keyword:"type",params:{type: schema11.properties.response_format.anyOf[1].properties.json_schema.properties.strict.type}};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
var valid30 = _errs191 === errors;
}
else {
var valid30 = true;
}
}
}
}
}
}
}
else {
const err87 = {instancePath:instancePath+"/response_format/json_schema",schemaPath:"#/properties/response_format/anyOf/1/properties/json_schema/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
var valid29 = _errs182 === errors;
}
else {
var valid29 = true;
}
}
}
}
}
else {
const err88 = {instancePath:instancePath+"/response_format",schemaPath:"#/properties/response_format/anyOf/1/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
var _valid6 = _errs178 === errors;
valid27 = valid27 || _valid6;
}
if(!valid27){
const err89 = {instancePath:instancePath+"/response_format",schemaPath:"#/properties/response_format/anyOf",keyword:"anyOf",params:{}};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs173;
if(vErrors !== null){
if(_errs173){
vErrors.length = _errs173;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs172 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}}];
return false;
}
}
validate10.errors = vErrors;
return errors === 0;
}

