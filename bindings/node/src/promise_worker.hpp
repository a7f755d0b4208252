// The addon's asynchronous calls (analyseLinesAsync, evManyAsync): work on a
// thread of its own, a promise settled back on the JavaScript thread, and a
// cancel flag the work reads (mjk.h's mjk_cancel), requested by JavaScript
// (an AbortSignal, through cancelToken / cancel) or by the end of the
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
#include <condition_variable>
#include <cstdlib>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <utility>

#include "../../common/mjk_ev_bind.hpp"

// A cancel flag shared by JavaScript's token and the work reading it: the
// token may be collected while the work runs, and the work may end first.
using SharedCancel = std::shared_ptr<mjk::bind::Cancel>;

// cancelToken() -> an opaque token; cancel(token) requests it. The token is
// passed to the async calls, which stop (with MJK_ERR_CANCELLED) once it is.
Napi::Value CancelToken(const Napi::CallbackInfo& info);
Napi::Value CancelRequest(const Napi::CallbackInfo& info);
// The optional token argument info[i] (undefined/null: a flag of its own).
SharedCancel cancel_argument(const Napi::CallbackInfo& info, std::size_t i);

// How many async works run at once: as many as libuv's pool ran
// (UV_THREADPOOL_SIZE, default 4), the others waiting for a place, so that
// a burst of calls does not search, and hold the memory of searches, all
// at once.
class WorkSlots {
 public:
  static WorkSlots& shared() {
    static WorkSlots& slots = *new WorkSlots;  // never destroyed: threads may outlive static destruction
    return slots;
  }
  // Waits for a place; false if `cancel` is requested first.
  bool take(const mjk::bind::Cancel& cancel) {
    std::unique_lock<std::mutex> lock(m_);
    while (free_ == 0) {
      if (cancel.requested()) return false;
      cv_.wait_for(lock, std::chrono::milliseconds(20));  // a cancel does not notify: look again soon
    }
    --free_;
    return true;
  }
  void give_back() {
    {
      std::lock_guard<std::mutex> lock(m_);
      ++free_;
    }
    cv_.notify_one();
  }

 private:
  WorkSlots() {
    const char* size = std::getenv("UV_THREADPOOL_SIZE");
    const int n = size ? std::atoi(size) : 0;
    free_ = n >= 1 && n <= 1024 ? n : 4;
  }
  std::mutex m_;
  std::condition_variable cv_;
  int free_ = 4;
};

// A worker does its work in execute(cancel) (on its thread, touching no
// JavaScript value: it owns what it reads, the arguments copied on the
// calling thread; it returns "" or why it failed) and makes its answer in
// make(env) (on the JavaScript thread). start() runs it and returns its
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
    napi_value resource_name = Napi::String::New(env, name);
    // A queue of one call (the end), the loop kept alive until it is made.
    NAPI_THROW_IF_FAILED_VOID(
        env, napi_create_threadsafe_function(env, nullptr, nullptr, resource_name, 0, 1, this,
                                             &PromiseWorker::finalized, this, &PromiseWorker::settle, &tsfn_));
  }
  PromiseWorker(const PromiseWorker&) = delete;
  PromiseWorker& operator=(const PromiseWorker&) = delete;

  // Starts the work; throws (a JavaScript exception) if no thread is to be had.
  static Napi::Promise start(PromiseWorker* worker) {
    const Napi::Promise p = worker->deferred_.Promise();
    const Napi::Env env = worker->env_;
    try {
      worker->thread_ = std::thread([worker] { worker->run(); });
    } catch (const std::system_error&) {
      napi_release_threadsafe_function(worker->tsfn_, napi_tsfn_abort);  // its finaliser deletes the worker
      throw Napi::Error::New(env, "mjk: no thread to run the work on");
    }
    worker->hooked_ = napi_add_env_cleanup_hook(env, &PromiseWorker::env_ending, worker) == napi_ok;
    return p;
  }

 private:
  // On the worker's thread: the work, then the one call that settles the
  // promise on the JavaScript thread, then the thread's hold released.
  void run() {
    if (WorkSlots::shared().take(*cancel_)) {
      try {
        error_ = execute_(*cancel_);
      } catch (const std::exception& e) {
        error_ = e.what();
      }
      WorkSlots::shared().give_back();
    } else {
      error_ = mjk_error_message(MJK_ERR_CANCELLED);  // cancelled before it began
    }
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
    if (w->hooked_ && env) napi_remove_env_cleanup_hook(env, &PromiseWorker::env_ending, w);
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
  bool hooked_ = false;
  bool gone_ = false;
};

// Runs execute(cancel) on a thread of the addon's and returns the promise of make(env)'s answer.
inline Napi::Promise start_work(const Napi::Env& env, const char* name, SharedCancel cancel,
                                PromiseWorker::Execute execute, PromiseWorker::Make make) {
  return PromiseWorker::start(new PromiseWorker(env, name, std::move(cancel), std::move(execute), std::move(make)));
}
