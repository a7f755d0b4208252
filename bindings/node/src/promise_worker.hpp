// The addon's asynchronous calls (analyseLinesAsync, evManyAsync): work on a
// thread of its own, a promise settled back on the JavaScript thread, and a
// cancel flag the work reads (mjk.h's mjk_cancel), requested by JavaScript
// (an AbortSignal, through the promise's cancel()) or by the end of the
// environment (a worker thread terminated, or calling process.exit()).
//
// Not libuv's pool (Napi::AsyncWorker): an environment that ends waits for
// the pool's work in flight before it runs any cleanup hook, so a search
// could not be told to stop, and settling its promise then threw past the
// completion callback (which aborted the whole process). A thread of our
// own is told by the cleanup hook, which then waits for it: the search stops
// within a fraction of a second, and the addon's code is not unloaded under it.
#pragma once

#include <napi.h>

#include <chrono>
#include <cstdlib>
#include <functional>
#include <memory>
#include <semaphore>
#include <string>
#include <system_error>
#include <thread>
#include <utility>

#include "../../common/mjk_ev_bind.hpp"

// A cancel flag shared by the promise's cancel() and the work reading it:
// the promise may be collected while the work runs, and the work may end first.
using SharedCancel = std::shared_ptr<mjk::bind::Cancel>;

// A worker does its work in execute(cancel) (on its thread, touching no
// JavaScript value: it owns what it reads, the arguments copied on the
// calling thread; it returns "" or why it failed) and makes its answer in
// make(env) (on the JavaScript thread). start_work() runs it and returns its
// promise; the worker deletes itself when done. The promise of a worker
// whose environment ends first is never settled: nobody is left to see it.
class PromiseWorker {
 public:
  using Execute = std::function<std::string(const mjk::bind::Cancel&)>;
  using Make = std::function<Napi::Value(const Napi::Env&)>;
  PromiseWorker(const Napi::Env& env, const char* name, SharedCancel cancel, Execute execute, Make make)
      : env_(env),
        deferred_(Napi::Promise::Deferred::New(env)),
        cancel_(std::move(cancel)),
        execute_(std::move(execute)),
        make_(std::move(make)) {
    // A queue of one call (the end), the loop kept alive until it is made.
    NAPI_THROW_IF_FAILED_VOID(env, napi_create_threadsafe_function(env, nullptr, nullptr, Napi::String::New(env, name),
                                                                   0, 1, this, finalized, this, settle, &tsfn_));
  }
  PromiseWorker(const PromiseWorker&) = delete;
  PromiseWorker& operator=(const PromiseWorker&) = delete;

  // Starts the work; throws (a JavaScript exception) if no thread is to be had.
  static Napi::Promise start(PromiseWorker* w) {
    const Napi::Promise p = w->deferred_.Promise();
    try {
      w->thread_ = std::thread([w] { w->run(); });
    } catch (const std::system_error&) {
      napi_release_threadsafe_function(w->tsfn_, napi_tsfn_abort);  // its finaliser deletes the worker
      throw Napi::Error::New(p.Env(), "mjk: no thread to run the work on");
    }
    w->hooked_ = napi_add_env_cleanup_hook(w->env_, env_ending, w) == napi_ok;
    return p;
  }

 private:
  // How many works run at once: as many as libuv's pool ran (UV_THREADPOOL_SIZE,
  // default 4), the others waiting for a place, so that a burst of calls does
  // not search, and hold the memory of searches, all at once. Never destroyed:
  // threads may outlive static destruction.
  static std::counting_semaphore<1024>& slots() {
    static auto& s = *new std::counting_semaphore<1024>([] {
      const char* size = std::getenv("UV_THREADPOOL_SIZE");
      const int n = size ? std::atoi(size) : 0;
      return n >= 1 && n <= 1024 ? n : 4;
    }());
    return s;
  }
  // On the worker's thread: a place (looked for again every 20 ms, as a
  // cancel does not wake it), the work, then the one call that settles the
  // promise on the JavaScript thread, then the thread's hold released.
  void run() {
    bool placed = false;
    while (!(placed = slots().try_acquire_for(std::chrono::milliseconds(20))) && !cancel_->requested()) {
    }
    try {
      error_ = placed ? execute_(*cancel_) : mjk_error_message(MJK_ERR_CANCELLED);  // cancelled before it began
    } catch (const std::exception& e) {
      error_ = e.what();
    }
    if (placed) slots().release();
    // napi_closing: the environment is ending, and this thread holds nothing any more.
    if (napi_call_threadsafe_function(tsfn_, nullptr, napi_tsfn_blocking) == napi_ok)
      napi_release_threadsafe_function(tsfn_, napi_tsfn_release);
  }
  // On the JavaScript thread, once the work is done (env null: the
  // environment is ending and its queue is being emptied).
  static void settle(napi_env env, napi_value, void* context, void*) {
    auto* w = static_cast<PromiseWorker*>(context);
    if (env == nullptr || w->gone_) return;
    try {
      Napi::HandleScope scope(env);
      if (w->error_.empty()) w->deferred_.Resolve(w->make_(w->env_));
      else w->deferred_.Reject(Napi::Error::New(env, w->error_).Value());
    } catch (const Napi::Error&) {  // the environment is ending: nobody is left to tell
    }
  }
  // The environment ends (before the thread-safe function is torn down):
  // stop the work and wait for its thread, which then holds nothing.
  static void env_ending(void* data) {
    auto* w = static_cast<PromiseWorker*>(data);
    w->hooked_ = false;
    w->gone_ = true;
    w->cancel_->request();
    if (w->thread_.joinable()) w->thread_.join();
  }
  // The thread-safe function is gone (released by the thread, or torn down
  // with the environment): the worker with it.
  static void finalized(napi_env env, void* data, void*) {
    auto* w = static_cast<PromiseWorker*>(data);
    if (w->thread_.joinable()) w->thread_.join();  // at its very end: it has released its hold
    if (w->hooked_ && env) napi_remove_env_cleanup_hook(env, env_ending, w);
    delete w;
  }

  Napi::Env env_;
  Napi::Promise::Deferred deferred_;
  SharedCancel cancel_;
  Execute execute_;
  Make make_;
  napi_threadsafe_function tsfn_ = nullptr;
  std::thread thread_;
  std::string error_;
  bool hooked_ = false, gone_ = false;
};

// Runs execute(cancel) on a thread of the addon's and returns the promise of
// make(env)'s answer, whose cancel() requests the cancel (index.js calls it
// when its AbortSignal aborts): the work stops with MJK_ERR_CANCELLED.
inline Napi::Promise start_work(const Napi::Env& env, const char* name, PromiseWorker::Execute execute,
                                PromiseWorker::Make make) {
  auto cancel = std::make_shared<mjk::bind::Cancel>();
  Napi::Promise p = PromiseWorker::start(new PromiseWorker(env, name, cancel, std::move(execute), std::move(make)));
  p.Set("cancel", Napi::Function::New(env, [cancel](const Napi::CallbackInfo& info) {
          cancel->request();
          return info.Env().Undefined();
        }));
  return p;
}

// A call of Work (Work(info) reads and copies the arguments; run(cancel) does
// the work, "" or why it failed; answer(env) makes the answer): now, on the
// calling thread, a failure thrown, or `later` on a thread of the addon's
// behind a promise (see start_work).
template <class Work>
Napi::Value now_or_later(const Napi::CallbackInfo& info, const char* name, bool later) {
  auto w = std::make_shared<Work>(info);
  if (later)
    return start_work(
        info.Env(), name, [w](const mjk::bind::Cancel& c) { return w->run(c.get()); },
        [w](const Napi::Env& env) { return w->answer(env); });
  if (const std::string why = w->run(nullptr); !why.empty()) throw Napi::Error::New(info.Env(), why);
  return w->answer(info.Env());
}
