extension JSONFields {
    /// A `Device` as both `summary` (`devicesAndConfigurations[].device`) and `tests`
    /// (`devices[]`) print it. `deviceId`, `deviceName`, `architecture`, `modelName` and
    /// `osVersion` are required by the schema; `osBuildNumber` and `platform` are not.
    func device(_ value: JSONValue, in path: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> TestDevice {
        let object = try object(value, path)
        return TestDevice(
            identifier: try string(object, "deviceId", in: path, required: true, warnings: &warnings),
            name: try string(object, "deviceName", in: path, required: true, warnings: &warnings),
            modelName: try string(object, "modelName", in: path, required: true, warnings: &warnings),
            architecture: try string(object, "architecture", in: path, required: true, warnings: &warnings),
            osVersion: try string(object, "osVersion", in: path, required: true, warnings: &warnings),
            osBuildNumber: try string(object, "osBuildNumber", in: path, required: false, warnings: &warnings),
            platform: try string(object, "platform", in: path, required: false, warnings: &warnings))
    }
}
