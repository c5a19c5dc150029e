import NIOCore
import HTTPTypes
import NIOHTTPTypes

/// Closes connections that are too slow: a request head (or its body) not complete within the request time, or a
/// keep-alive connection idle past the idle time. A client sending one byte at a time (slowloris) therefore holds a
/// connection for seconds, not forever; the event loop never waits on it meanwhile.
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let requestTime: TimeAmount
    private let idleTime: TimeAmount
    /// When the connection is closed unless a request part or a response moves it; nil while a request is answered.
    private var deadline: NIODeadline?
    /// The timer and when it fires, never after `deadline`: it fires, finds the deadline moved on, and waits again until
    /// it. A keep-alive connection moves its deadline twice a request, and a timer scheduled and cancelled each time
    /// cost a few microseconds of the event loop per request.
    private var timer: (task: Scheduled<Void>, fires: NIODeadline)?
    /// The response being written says `Connection: close` (a 413 whose body was never read): close once it is out.
    private var closesAfterResponse = false

    /// A handler giving each request `requestTime` to arrive and each idle connection `idleTime`.
    init(requestTime: TimeAmount, idleTime: TimeAmount) {
        self.requestTime = requestTime
        self.idleTime = idleTime
    }

    func handlerAdded(context: ChannelHandlerContext) {
        arm(context, requestTime)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.task.cancel()
        timer = nil
        deadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: arm(context, requestTime)
        case .body: break
        case .end:
            // The request is in: answering it takes what it takes.
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let response):
            closesAfterResponse = response.headerFields[.connection]?.lowercased() == "close"
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            arm(context, idleTime)
            guard closesAfterResponse else {
                context.write(data, promise: promise)
                return
            }
            // Waiting for the rest of a body nobody will read would hold the connection until the idle deadline.
            let written = context.eventLoop.makePromise(of: Void.self)
            let channel = context.channel
            written.futureResult.whenComplete { result in
                promise?.completeWith(result)
                channel.close(promise: nil)
            }
            context.writeAndFlush(data, promise: written)
        }
    }

    /// Moves the deadline to `time` from now, scheduling the timer again only when it would fire too late (or none is set).
    private func arm(_ context: ChannelHandlerContext, _ time: TimeAmount) {
        let due = NIODeadline.now() + time
        deadline = due
        if let timer, timer.fires <= due { return }
        schedule(context, at: due)
    }

    private func schedule(_ context: ChannelHandlerContext, at due: NIODeadline) {
        timer?.task.cancel()
        let channel = context.channel
        let task = context.eventLoop.assumeIsolated().scheduleTask(deadline: due) { [weak self] in
            guard let self else { return }
            self.timer = nil
            guard let deadline = self.deadline else { return }
            // The deadline moved since the timer was set: wait for it, else close.
            if deadline > NIODeadline.now() {
                self.schedule(context, at: deadline)
            } else {
                channel.close(promise: nil)
            }
        }
        timer = (task, due)
    }
}
