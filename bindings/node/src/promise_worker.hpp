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
#include <memory>
#include <semaphore>
#include <string>
#include <system_error>
#include <thread>
#include <utility>

#include "../../common/mjk_ev_bind.hpp"

// How many works run at once: as many as libuv's pool ran (UV_THREADPOOL_SIZE,
// default 4), the others waiting for a place, so that a burst of calls does
// not search, and hold the memory of searches, all at once. Never destroyed:
// threads may outlive static destruction.
inline std::counting_semaphore<1024>& work_slots() {
  static auto& s = *new std::counting_semaphore<1024>([] {
    const char* size = std::getenv("UV_THREADPOOL_SIZE");
    const int n = size ? std::atoi(size) : 0;
    return n >= 1 && n <= 1024 ? n : 4;
  }());
  return s;
}

// A Work done on a thread of its own: Work(info) reads and copies the
// arguments on the calling thread; run(cancel), on the worker's thread and
// touching no JavaScript value, does the work and returns "" or why it
// failed; answer(env) makes the answer on the JavaScript thread. The worker
// deletes itself when done; the promise of one whose environment ends first
// is never settled: nobody is left to see it.
template <class Work>
class PromiseWorker {
 public:
  PromiseWorker(const Napi::Env& env, const char* name, std::shared_ptr<Work> work,
                std::shared_ptr<mjk::bind::Cancel> cancel)
      : env_(env), deferred_(Napi::Promise::Deferred::New(env)), work_(std::move(work)), cancel_(std::move(cancel)) {
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
  // On the worker's thread: a place (looked for again every 20 ms, as a
  // cancel does not wake it), the work, then the one call that settles the
  // promise on the JavaScript thread, then the thread's hold released.
  void run() {
    bool placed = false;
    while (!(placed = work_slots().try_acquire_for(std::chrono::milliseconds(20))) && !cancel_->requested()) {
    }
    try {
      error_ = placed ? work_->run(cancel_->get()) : mjk_error_message(MJK_ERR_CANCELLED);  // cancelled before it began
    } catch (const std::exception& e) {
      error_ = e.what();
    }
    if (placed) work_slots().release();
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
      if (w->error_.empty()) w->deferred_.Resolve(w->work_->answer(w->env_));
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
  std::shared_ptr<Work> work_;
  std::shared_ptr<mjk::bind::Cancel> cancel_;  // shared with the promise's cancel(), which may outlive the worker
  napi_threadsafe_function tsfn_ = nullptr;
  std::thread thread_;
  std::string error_;
  bool hooked_ = false, gone_ = false;
};

// exports[name] runs a Work now, on the calling thread (a failure thrown);
// exports[name + "Async"] on a thread of the addon's: a promise of its answer
// whose cancel() (index.js calls it when its AbortSignal aborts) stops the
// work with MJK_ERR_CANCELLED.
template <class Work>
void export_work(Napi::Env env, Napi::Object exports, const std::string& name) {
  exports.Set(name, Napi::Function::New(env, [](const Napi::CallbackInfo& info) {
                Work w(info);
                if (const std::string why = w.run(nullptr); !why.empty()) throw Napi::Error::New(info.Env(), why);
                return w.answer(info.Env());
              }));
  exports.Set(name + "Async",
              Napi::Function::New(env, [resource = "mjk." + name + "Async"](const Napi::CallbackInfo& info) {
                auto work = std::make_shared<Work>(info);
                auto cancel = std::make_shared<mjk::bind::Cancel>();
                Napi::Promise p =
                    PromiseWorker<Work>::start(new PromiseWorker<Work>(info.Env(), resource.c_str(), work, cancel));
                p.Set("cancel", Napi::Function::New(info.Env(), [cancel](const Napi::CallbackInfo& i) {
                        cancel->request();
                        return i.Env().Undefined();
                      }));
                return p;
              }));
}
