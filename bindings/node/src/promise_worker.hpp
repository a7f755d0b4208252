// The addon's asynchronous calls (analyseLinesAsync, evManyAsync): work on a
// thread of libuv's pool, a promise settled back on the JavaScript thread.
#pragma once

#include <napi.h>

// A worker does its work in Execute (SetError on failure) and makes its
// answer in Value; start() queues it (it deletes itself when done) and
// returns its promise.
class PromiseWorker : public Napi::AsyncWorker {
 public:
  PromiseWorker(const Napi::Env& env, const char* name)
      : Napi::AsyncWorker(env, name), deferred_(Napi::Promise::Deferred::New(env)) {}
  static Napi::Promise start(PromiseWorker* worker) {
    const Napi::Promise p = worker->deferred_.Promise();
    worker->Queue();
    return p;
  }

 protected:
  virtual Napi::Value Value() = 0;  // on the JavaScript thread, after Execute

 private:
  void OnOK() override { deferred_.Resolve(Value()); }
  void OnError(const Napi::Error& e) override { deferred_.Reject(e.Value()); }
  Napi::Promise::Deferred deferred_;
};
